/**
 * The contract of the route layer: what a route.ts exports for a method.
 * Every door (the /v1 handlers, installers, text views, later MCP and A2A)
 * is built as one of these in lib/ and bound by a thin route file.
 */
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;
