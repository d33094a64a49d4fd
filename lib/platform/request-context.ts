import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the route layer knows of the request a piece of work runs for: the
 * door it came through (the routing contract's `door`) and who sent it (the
 * rate limiter's client, worked out only when asked). Set once per request
 * by lib/endpoints/route-exports.ts; read by what records the request
 * (lib/insights), so the core's operations take no door or client of
 * their own. Outside a request (the docs build's examples) there is none.
 */
export interface RequestContext {
  /** The request's id in the log lines written for it, and in an `internal_error` answer. */
  requestId?: string;
  door?: string;
  client(): string;
}

// One per process, on globalThis: Next bundles each route (and instrumentation.ts) with its own copy of
// this module, and the runtime that reads the context is built by whichever bundle asked first.
const slot = Symbol.for('svc.request-context');
const holder = globalThis as { [slot]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[slot] ??= new AsyncLocalStorage<RequestContext>());

export const withRequestContext = <T>(context: RequestContext, run: () => T): T => storage.run(context, run);

export const requestContext = (): RequestContext | undefined => storage.getStore();
