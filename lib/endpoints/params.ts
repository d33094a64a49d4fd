import { z } from 'zod';
import { sandboxQueryValues } from '@/lib/http/sandbox-query';

/** Query and path parameters shared by several rows of the endpoint table. */

/**
 * An integer query parameter written in decimal digits only:
 * `z.coerce.number()` would also take `0x10`, `1e1`, ` 16 ` and `Infinity`,
 * which no client means as a page size. The JSON Schema of its output is
 * the integer range.
 */
export function decimalInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]+$/, 'expected decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
export const sandboxParam = z
  .string()
  .optional()
  .describe(
    `Exactly ${sandboxQueryValues.map((value) => `\`${value}\``).join(', ').replace(/, (?=[^,]*$)/, ' or ')} (as written: no other case, no spaces) answers from deterministic fixtures (no upstream, no index); any other value, \`TRUE\` or \` yes \` included, is off`,
  );

// No zod default: a request with only a `cursor` keeps the page size the
// cursor was issued for; without either, the core uses 10.
export const limitParam = decimalInteger(1, 50)
  .optional()
  .describe('Page size, 1–50; default 10, or the page size of the walk the `cursor` continues')
  .meta({ default: 10 });

export const cursorParam = z
  .string()
  .optional()
  .describe('Opaque `next_cursor` from the previous page; omit or leave empty for the first page');

export const refParam = z
  .string()
  .optional()
  .describe('A release tag `v<YYYY.MM.DD>` or `v<YYYY.MM.DD>-<N>`; `main` is used when absent');

export const appParam = z.string().describe('`pounce` or `perch`');
