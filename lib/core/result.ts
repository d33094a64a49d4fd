/**
 * The outcome of a core operation: data, or a typed failure the caller
 * renders (a problem for /v1, an `isError` result for MCP). Expected
 * failures travel as values so every door handles them the same way;
 * only bugs throw.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** Applies `map` to a success and passes a failure through. */
export function mapResult<T, U, E>(result: Result<T, E>, map: (value: T) => U): Result<U, E> {
  return result.ok ? ok(map(result.value)) : result;
}
