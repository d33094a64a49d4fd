/**
 * The one parser of the sandbox switch (/docs/api, "Sandbox"): the query
 * parameter takes `true`, `1` or `yes`, read exactly as written: those three
 * values turn it on, and any other value (`TRUE`, ` yes `, `false`, empty) is
 * off, so a request is either plainly the sandbox or plainly live. Bodies of
 * POST /v1/batch and /v1/jobs take a boolean `sandbox: true`, which their
 * schema reads (lib/core/schemas.ts).
 */
export const sandboxQueryValues = ['true', '1', 'yes'] as const;

export function parseSandboxQuery(value: string | null | undefined): boolean {
  return value != null && (sandboxQueryValues as readonly string[]).includes(value);
}
