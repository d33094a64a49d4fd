import { z } from 'zod';

/**
 * The problem resource (/docs/api/errors, "Problem fields": RFC 9457 with a
 * stable `code`): what an error answer of the HTTP door holds, and
 * what it carries for a failed batch entry or job (lib/core/batch-schemas.ts
 * takes it as the door's failure document). Filled by `toProblem`
 * (lib/http/problem.ts) from a CoreError and its code's status.
 */
export const problemSchema = z
  .object({
    type: z.string().meta({ format: 'uri-reference' }).describe('URI reference of a page on this host that explains the code'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable failure kind; see the Errors table'),
    request_id: z.string().optional().describe('Present on 500 responses; also in the service log'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
