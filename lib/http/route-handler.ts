/**
 * The contract of the route layer: what a route.ts exports for a method.
 * Every door (the /v1 handlers, installers, text views, MCP and A2A)
 * is built as one of these in lib/ and bound by a thin route file.
 */
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/** Sets headers on a response, copying it first when its headers are immutable (Response.redirect). */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  const entries = Object.entries(headers);
  if (entries.length === 0) return response;
  try {
    for (const [name, value] of entries) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of entries) copy.headers.set(name, value);
    return copy;
  }
}
