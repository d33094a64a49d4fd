import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowHeader, type EndpointSpec, type HttpMethod } from '@/lib/endpoints/endpoint';
import { endpoints } from '@/lib/endpoints/descriptions';
import { openApiHandler } from '@/lib/endpoints/openapi-handler';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';
import { serve } from '@/lib/endpoints/route-exports';
import { parseEnv } from '@/lib/env';
import { createRuntime, installRuntime } from '@/lib/runtime';
import { repositoryUrl, siteRepo } from '@/lib/site';

/**
 * What /openapi.json states besides its paths, and that every operation
 * says how it succeeds and fails: `servers` is the runtime's public origin,
 * `contact` the site's repository (configuration), no licence (the
 * repository has none); every operation has a description and its 4XX
 * answers (the path's 405 by reference, the rate limit's 429), and each
 * generated OPTIONS says what the route layer's preflight really allows.
 */
interface Operation {
  operationId: string;
  description?: string;
  responses: Record<string, { $ref?: string; description?: string; headers?: Record<string, { description: string }> }>;
}
interface Document {
  info: Record<string, unknown>;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, unknown> };
}

const origin = 'https://layer.test';
let document: Document;

beforeAll(async () => {
  installRuntime(createRuntime({ env: parseEnv({ SITE_URL: `${origin}/` }) }));
  document = await (await openApiHandler(new Request(`${origin}/openapi.json`))).json();
});
afterAll(() => installRuntime(undefined));

const rows = endpoints as readonly EndpointSpec[];
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

describe('/openapi.json: servers, contact, licence', () => {
  it('names the runtime origin as its one server', () => {
    expect(document.servers).toEqual([{ url: origin }]);
  });

  it('gives the site repository on the code host as contact, and no licence', () => {
    expect(document.info.contact).toEqual({ url: repositoryUrl(siteRepo) });
    expect(document.info).not.toHaveProperty('license');
  });
});

describe('/openapi.json: every operation', () => {
  it('has a description', () => {
    for (const { path, method, operation } of operations()) expect(operation.description, `${method} ${path}`).toMatch(/\S/);
  });

  it('lists the path’s 405 by reference, and the only shared response is that one', () => {
    for (const { path, method, operation } of operations()) {
      expect(operation.responses['405'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/MethodNotAllowed' });
    }
    expect(Object.keys(document.components.responses)).toEqual(['MethodNotAllowed']);
  });

  it('of a rate-limited row lists the 429 with Retry-After', () => {
    for (const row of rows.filter((entry) => entry.rateLimited)) {
      const response = document.paths[row.path]![row.method.toLowerCase()]!.responses['429'];
      expect(response?.headers, `${row.method} ${row.path}`).toHaveProperty('Retry-After');
    }
  });
});

describe('/openapi.json: the generated OPTIONS of each path', () => {
  const paths = [...new Set(rows.map((row) => row.path))].filter((path) => !rows.some((row) => row.path === path && row.method === 'OPTIONS'));

  it.each(paths)('%s: says what the route layer’s answer allows', async (path) => {
    const pathRows = rows.filter((row) => row.path === path);
    const operation = document.paths[path]!.options!;
    const allow = allowHeader(pathRows.map((row) => row.method as HttpMethod));
    expect(operation.description).toContain(path);
    expect(operation.responses['204']!.description).toContain(`\`Allow: ${allow}\``);
    // Pages and their twins are answered by proxy.ts; every other path by its route.ts.
    if (['homePage', 'docsPage', 'docsMarkdown', 'problemPage', 'problemMarkdown'].includes(pathRows[0]!.id)) return;
    const served = pathRows.filter((row) => row.method !== 'OPTIONS').map((row) => endpointHandler(row, async () => new Response()));
    const answer = await serve(served).OPTIONS(
      new Request(`${origin}${path}`, { method: 'OPTIONS' }),
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe(allow);
    const allowedHeaders = answer.headers.get('access-control-allow-headers');
    if (allowedHeaders === null) {
      expect(operation.description).toContain('No CORS headers');
      return;
    }
    expect(operation.description).toContain(`the methods \`${answer.headers.get('access-control-allow-methods')}\``);
    expect(operation.description).toContain(`the request headers \`${allowedHeaders}\``);
    expect(operation.description).toContain(`keep this answer ${answer.headers.get('access-control-max-age')} seconds`);
  });
});
