import type http from 'node:http';

/**
 * Reading a Node response's headers from the hooks that run as Next writes
 * them (lib/http/node-server-hooks.ts, response-compression.ts,
 * page-brotli.ts): a header may be set with setHeader or given inline to
 * writeHead, in any case, and a route handler's arrive as arrays.
 */

/** The headers object a writeHead call was given, if any. */
export function inlineHeaders(args: readonly unknown[]): Record<string, unknown> | undefined {
  return args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as Record<string, unknown> | undefined;
}

/** A header's value as it stands (set, or inline to writeHead), a list joined with commas. */
export function responseHeader(response: http.ServerResponse, name: string, inline?: Record<string, unknown>): string | undefined {
  let value: unknown = response.getHeader(name);
  if (value === undefined && inline) {
    const lower = name.toLowerCase();
    for (const [key, given] of Object.entries(inline)) if (key.toLowerCase() === lower) value = given;
  }
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined ? undefined : String(value);
}
