import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, type RouteRow } from '@/lib/endpoints/contract';
import { endpointExamples, type EndpointExample } from '../fixtures/endpoint-examples';
import { client, type HttpResult } from '../helpers/http';

/**
 * /openapi.json tells the whole truth (spec "Agent endpoints": the
 * description of everything the service answers). Every operation of
 * the served document is requested (a valid request from the table's
 * examples, an invalid one, a method the path does not take, and a path
 * parameter that names nothing), and each answer's status, content type,
 * headers and body are validated against the document itself with a JSON
 * Schema validator (ajv, draft 2020-12, as OpenAPI 3.1 uses).
 */
const get = client(inject('baseUrl'), '127.0.0.91');
const docId = 'https://svc.test/openapi.json';

type Schema = Record<string, unknown>;
interface Header { required?: boolean; schema: Schema }
interface Response { description: string; headers?: Record<string, Header>; content?: Record<string, { schema: Schema }>; $ref?: string }
interface Operation { operationId: string; parameters?: Array<{ name: string; in: string; required?: boolean; schema: Schema }>; requestBody?: unknown; responses: Record<string, Response> }
interface Document { paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, Response> } }

let document: Document;
let ajv: Ajv2020;
const walked = new Map<string, Set<string>>();

beforeAll(async () => {
  document = (await get('/openapi.json')).json<Document>();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The document's own `#/components/...` references resolve against it.
  ajv.addSchema({ $id: docId, components: (document as unknown as { components: unknown }).components });
});

const absolute = (schema: Schema): Schema => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${docId}#/components/`));

function validate(schema: Schema, value: unknown, what: string) {
  const check = ajv.compile(absolute(schema));
  expect(check(value), `${what}: ${ajv.errorsText(check.errors)}`).toBe(true);
}

function resolve(response: Response): Response {
  if (!response.$ref) return response;
  return document.components.responses[response.$ref.split('/').at(-1)!]!;
}

/** Checks one answer against a documented response; records what was exercised. */
function checkAnswer(label: string, response: Response | undefined, res: HttpResult) {
  expect(response, `${label}: status ${res.status} is not documented (${res.body.slice(0, 200)})`).toBeDefined();
  const documented = resolve(response!);
  const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (documented.content) {
    expect(Object.keys(documented.content), `${label}: content type`).toContain(type);
    const schema = documented.content[type]!.schema;
    const isJson = type === 'application/json' || type.endsWith('+json');
    validate(schema, isJson ? JSON.parse(res.body) : res.body, `${label} body`);
  } else {
    expect(res.body, `${label}: undocumented body`).toBe('');
  }
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const value = res.headers[name.toLowerCase()];
    if (header.required) expect(value, `${label}: header ${name}`).toBeDefined();
    if (value === undefined) continue;
    const typed = header.schema.type === 'integer' || header.schema.type === 'number' || header.schema.const !== undefined && typeof header.schema.const === 'number' ? Number(value) : value;
    validate(header.schema, typed, `${label} header ${name}`);
  }
}

const rows: readonly RouteRow[] = routes;
const examplesOf = (row: RouteRow) => endpointExamples[row.id as keyof typeof endpointExamples];
const concrete = (path: string) => examplesOf(rows.find((row) => row.path === path)!).find((example) => example.status < 400)?.url.split('?')[0] ?? path;

function request(method: string, example: Pick<EndpointExample, 'url' | 'headers' | 'body'>) {
  return get(example.url, { method, headers: example.headers, body: example.body as object | undefined });
}

function mark(path: string, kind: string) {
  walked.set(path, (walked.get(path) ?? new Set()).add(kind));
}

describe('every operation answers as /openapi.json documents it', () => {
  it('valid and invalid requests (the table’s examples and the OPTIONS of each path)', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const row = rows.find((entry) => entry.id === operation.operationId);
        const examples: EndpointExample[] = row ? examplesOf(row) : [{ url: concrete(path), status: 204 }];
        expect(examples.length, `${operation.operationId} has no example to walk`).toBeGreaterThan(0);
        for (const example of examples) {
          const res = await request(method.toUpperCase(), example);
          const label = `${method.toUpperCase()} ${example.url}`;
          expect(res.status, label).toBe(example.status);
          checkAnswer(label, operation.responses[String(res.status)], res);
          mark(path, res.status < 400 ? 'valid' : 'invalid');
        }
      }
    }
  });

  it('generated invalid requests: a bad limit, a missing query, a body that is not JSON', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const names = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
        const base = concrete(path);
        const tries: Array<{ url: string; body?: string }> = [];
        if (names.has('limit')) tries.push({ url: `${base}?${names.has('q') ? 'q=x&' : ''}limit=0x10` });
        if ((operation.parameters ?? []).some((parameter) => parameter.name === 'q' && parameter.required)) tries.push({ url: base });
        if (operation.requestBody) tries.push({ url: base, body: '{"operations": [' });
        for (const attempt of tries) {
          const res = await get(attempt.url, { method: method.toUpperCase(), body: attempt.body, headers: attempt.body ? { 'content-type': 'application/json' } : {} });
          const label = `${method.toUpperCase()} ${attempt.url} (invalid)`;
          expect(res.status, label).toBe(400);
          checkAnswer(label, operation.responses['400'], res);
          mark(path, 'invalid');
        }
      }
    }
  });

  it('a method the path does not take → components.responses.MethodNotAllowed', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const declared = new Set(Object.keys(item).map((method) => method.toUpperCase()));
      if (declared.has('GET')) declared.add('HEAD');
      const method = ['DELETE', 'PUT', 'PATCH', 'POST', 'GET', 'TRACE'].find((candidate) => !declared.has(candidate))!;
      const res = await get(concrete(path), { method });
      const label = `${method} ${path}`;
      expect(res.status, label).toBe(405);
      checkAnswer(label, document.components.responses.MethodNotAllowed, res);
      // Every operation of the path lists it (OpenAPI has no responses per path).
      for (const operation of Object.values(item)) expect(operation.responses['405']?.$ref, `${label}: ${operation.operationId}`).toBe('#/components/responses/MethodNotAllowed');
      const allow = res.headers.allow!.split(', ');
      for (const declaredMethod of Object.keys(item)) expect(allow, label).toContain(declaredMethod.toUpperCase());
      mark(path, 'unknown-method');
    }
  });

  it('a path parameter that names nothing → the operation’s documented 404; a path nothing answers → `not_found`', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.includes('{') || !item.get) continue;
      const url = path.replace(/\{[^}]+\}/g, 'no-such-thing');
      const res = await get(url);
      expect(res.status, url).toBe(404);
      checkAnswer(`GET ${url}`, item.get.responses['404'], res);
      mark(path, 'not-found');
    }
    // A path the document does not list has no operation to carry its 404: the spec's `not_found` problem.
    const res = await get('/no/such/endpoint');
    expect(res.status).toBe(404);
    checkAnswer('GET /no/such/endpoint', { description: 'not_found', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }, res);
    expect(res.json<{ code: string }>().code).toBe('not_found');
  });

  it('walked every path of the document', () => {
    for (const path of Object.keys(document.paths)) {
      const kinds = walked.get(path) ?? new Set();
      expect([...kinds], path).toEqual(expect.arrayContaining(['valid', 'unknown-method']));
      if (path.includes('{')) expect([...kinds], path).toContain('not-found');
    }
  });
});
