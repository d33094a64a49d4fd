import { routes } from './contract';
import { pathPattern } from './endpoint';
import { handlersById } from './handlers/registry';

/**
 * Answers a request in this process, through the same handler (validation,
 * core call, serialisation) that the route file binds, without the rate
 * limit. `url` is site-relative, e.g. `/v1/desktops?limit=2&sandbox=true`.
 */
export async function answerInProcess(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const { pathname } = new URL(url, 'http://in-process.invalid');
  for (const row of routes) {
    if (row.method !== method) continue;
    const match = pathPattern(row.path).exec(pathname);
    if (!match) continue;
    const handler = handlersById[row.id];
    if (!handler) throw new Error(`no in-process handler for ${row.id}`);
    const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
    const request = new Request(new URL(url, 'http://in-process.invalid'), {
      method,
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body,
    });
    return handler(request, { params: Promise.resolve(params) });
  }
  throw new Error(`no endpoint answers ${method} ${pathname}`);
}
