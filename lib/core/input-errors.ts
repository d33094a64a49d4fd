import { CoreError } from './core-error';
import { malformedCursor } from './cursor';
import type { ErrorCode } from './error-codes';
import { unknownAppError } from './releases';
import { checkQuery } from './search';

/**
 * Which input field's refusal is a domain failure with a code of its own
 * rather than `invalid_parameter` (/docs/api/errors: `missing_query` when `q`
 * or `query` is missing, `invalid_cursor` when `cursor` is malformed); an
 * app outside the enum is `unknown_app`, as on /v1/releases/{app}. Both
 * the endpoint rows and the MCP tools name their fields' codes this way.
 */
export type InputErrors = Partial<Record<string, ErrorCode>>;

/**
 * The failure of `field`, whose schema refused `value`: the code its door
 * names, with the core's wording of that rule, or `otherwise` (the door's
 * `invalid_parameter`, naming where it reads the field).
 */
export function inputFailure(code: ErrorCode | undefined, field: string, value: unknown, otherwise: (code: ErrorCode) => CoreError): CoreError {
  switch (code) {
    case 'missing_query': {
      const checked = checkQuery(value, field);
      return checked.ok ? otherwise('invalid_parameter') : checked.error;
    }
    case 'invalid_cursor':
      return malformedCursor();
    case 'unknown_app':
      return unknownAppError(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));
    default:
      return otherwise(code ?? 'invalid_parameter');
  }
}
