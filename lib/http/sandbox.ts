/**
 * The one parser of the sandbox switch (spec: "Versioned REST", Sandbox):
 * the query parameter takes `true`, `1` or `yes`; anything else is off.
 * Bodies of POST /v1/batch and /v1/jobs take a boolean `sandbox: true`.
 */
const truthy = new Set(['true', '1', 'yes']);

export function parseSandboxQuery(value: string | null | undefined): boolean {
  return value != null && truthy.has(value.trim().toLowerCase());
}

export function parseSandboxBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { sandbox?: unknown }).sandbox === true;
}
