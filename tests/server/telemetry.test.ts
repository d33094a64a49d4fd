import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { http } from '../helpers/http';
import { startNextServer, type RunningServer } from '../helpers/next-server';
import { nextBookkeepingSpanTypes } from '@/lib/platform/telemetry-sdk';

/**
 * OpenTelemetry over a real server (/docs/operate/telemetry): `next start`
 * with an OTLP/HTTP endpoint (JSON) on loopback, requests of every door each
 * sent with a known `traceparent`, and the spans, links and metrics that
 * arrive. Nothing exported or logged names the client's address, its user
 * agent, what it searched for, or the code host's token.
 */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number; message?: string };
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
}
interface Span {
  traceId: string;
  spanId: string;
  parent: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  status?: { code?: number; message?: string };
  /** Milliseconds the span lasted. */
  durationMs: number;
}

const received: { path: string; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;
let fake: FakeCodeHost;
let server: RunningServer;

const localAddress = '127.0.0.171';
const userAgent = 'telemetry-probe/7.3 (privacy check)';
const token = `ghp_${randomBytes(12).toString('hex')}`;
/** Words a client searches for: none may be exported or logged. */
const secretQuery = 'zebracrossingwallpaper';

const newTraceparent = () => {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
};

const value = (attribute: OtlpAttribute['value']) =>
  attribute.stringValue ?? (attribute.intValue !== undefined ? Number(attribute.intValue) : (attribute.boolValue ?? attribute.doubleValue));

function spans(): Span[] {
  return received
    .filter((entry) => entry.path === '/v1/traces')
    .flatMap((entry) => {
      const body = JSON.parse(entry.body) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
      return (body.resourceSpans ?? []).flatMap((resource) => (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []));
    })
    .map((span) => ({
      traceId: span.traceId,
      spanId: span.spanId,
      parent: span.parentSpanId || undefined,
      name: span.name,
      kind: span.kind,
      attributes: Object.fromEntries((span.attributes ?? []).map((attribute) => [attribute.key, value(attribute.value)])),
      links: span.links ?? [],
      status: span.status,
      durationMs: (Number(span.endTimeUnixNano ?? 0) - Number(span.startTimeUnixNano ?? 0)) / 1e6,
    }));
}

function metricNames(): Set<string> {
  const names = new Set<string>();
  for (const entry of received.filter(({ path }) => path === '/v1/metrics')) {
    const body = JSON.parse(entry.body) as { resourceMetrics?: { scopeMetrics?: { metrics?: { name: string }[] }[] }[] };
    for (const resource of body.resourceMetrics ?? []) for (const scope of resource.scopeMetrics ?? []) for (const metric of scope.metrics ?? []) names.add(metric.name);
  }
  return names;
}

/** The attributes of every data point of a metric received so far. */
function metricPoints(name: string): Record<string, unknown>[] {
  type Points = { dataPoints?: { attributes?: OtlpAttribute[] }[] };
  const points: Record<string, unknown>[] = [];
  for (const entry of received.filter(({ path }) => path === '/v1/metrics')) {
    const body = JSON.parse(entry.body) as { resourceMetrics?: { scopeMetrics?: { metrics?: ({ name: string } & { sum?: Points; histogram?: Points })[] }[] }[] };
    for (const resource of body.resourceMetrics ?? [])
      for (const scope of resource.scopeMetrics ?? [])
        for (const metric of scope.metrics ?? [])
          if (metric.name === name)
            for (const point of (metric.sum ?? metric.histogram)?.dataPoints ?? []) points.push(Object.fromEntries((point.attributes ?? []).map((attribute) => [attribute.key, value(attribute.value)])));
  }
  return points;
}

/** Waits, by polling what arrived, until `found` holds (the exporters send every few hundred milliseconds). */
async function until<T>(found: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const value = found();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never arrived: ${what}`);
}

const inTrace = (traceId: string) => spans().filter((span) => span.traceId === traceId);
const named = (traceId: string, name: string) => inTrace(traceId).find((span) => span.name === name);
/** Whether `span` descends from the span with id `ancestor` within its trace. */
function descends(span: Span, ancestor: string): boolean {
  const byId = new Map(inTrace(span.traceId).map((entry) => [entry.spanId, entry]));
  for (let parent = span.parent; parent; parent = byId.get(parent)?.parent) if (parent === ancestor) return true;
  return false;
}

function send(path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}, traceparent = newTraceparent()) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = {
    'user-agent': userAgent,
    traceparent: traceparent.header,
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return http(`${server.url}${path}`, { method: options.method ?? 'GET', headers, body, localAddress }).then((result) => ({ ...result, trace: traceparent }));
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  fake = await startFakeCodeHost();
  server = await startNextServer({
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_RAW_URL: fake.rawUrl,
    GITHUB_TOKEN: token,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_METRIC_EXPORT_INTERVAL: '300',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
});

afterAll(async () => {
  if (process.env.DUMP_SPANS) (await import('node:fs')).writeFileSync('/tmp/spans.json', JSON.stringify(spans(), null, 1));
  await server?.stop();
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('traces, one per request, continuing the client’s traceparent', () => {
  it('/v1/search: the operation’s span under Next’s request span, in the client’s trace, with the rate-limit decision', async () => {
    const answer = await send(`/v1/search?q=${secretQuery}`);
    expect(answer.status).toBe(200);
    const operation = await until(() => named(answer.trace.traceId, 'operation search'), 'the search operation span');
    expect(operation.attributes).toMatchObject({ 'svc.door': 'v1', 'svc.operation': 'search' });
    expect(descends(operation, answer.trace.spanId)).toBe(true);
    const decided = await until(() => inTrace(answer.trace.traceId).find((span) => span.attributes['svc.rate_limit.decision']), 'the rate-limit decision');
    expect(decided.attributes['svc.rate_limit.decision']).toBe('allowed');
    // Next's bookkeeping inside the request is never recorded (its span types are read at the span's start); what the request did is.
    const types = inTrace(answer.trace.traceId).map((span) => String(span.attributes['next.span_type']));
    expect(types).toContain('AppRouteRouteHandlers.runHandler');
    expect(types.filter((type) => nextBookkeepingSpanTypes.has(type))).toEqual([]);
  });

  it('a two-entry /v1/batch: one batch span with a child per entry', async () => {
    const answer = await send('/v1/batch', { method: 'POST', body: { operations: [{ kind: 'search', q: 'glow' }, { kind: 'release', app: 'pounce' }], sandbox: true } });
    expect(answer.status).toBe(200);
    const batch = await until(() => named(answer.trace.traceId, 'batch'), 'the batch span');
    expect(batch.attributes).toMatchObject({ 'svc.door': 'batch', 'svc.batch.operations': 2 });
    const children = await until(() => {
      const found = inTrace(answer.trace.traceId).filter((span) => span.parent === batch.spanId);
      return found.length === 2 ? found : undefined;
    }, 'both entries');
    expect(children.map((span) => span.attributes['svc.operation']).sort()).toEqual(['release', 'search']);
    for (const child of children) expect(child.attributes['svc.door']).toBe('batch');
  });

  it('a job: its run is a trace of its own, linked to the request that queued it', async () => {
    const answer = await send('/v1/jobs', { method: 'POST', body: { operations: [{ kind: 'search', q: 'dock' }] } });
    expect(answer.status).toBe(202);
    const run = await until(() => spans().find((span) => span.name === 'job run' && span.links.some((link) => link.traceId === answer.trace.traceId)), 'the job run');
    expect(run.traceId).not.toBe(answer.trace.traceId);
    expect(run.attributes['svc.job.state']).toBe('done');
    const operation = await until(() => inTrace(run.traceId).find((span) => span.name === 'operation search' && descends(span, run.spanId)), 'the job’s operation');
    expect(operation.attributes['svc.door']).toBe('job');
  });

  const mcpHeaders = { accept: 'application/json, text/event-stream' };
  const revisions = [
    { era: '2025-11-25', headers: (_method: string, _name?: string): Record<string, string> => ({ ...mcpHeaders, 'mcp-protocol-version': '2025-11-25' }), meta: {} },
    {
      era: '2026-07-28',
      // The 2026-07-28 revision names the method (and a tool call's tool) in headers too.
      headers: (method: string, name?: string): Record<string, string> => ({ ...mcpHeaders, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) }),
      meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
  ] as const;

  for (const revision of revisions) {
    it(`MCP ${revision.era}: tools/call search_docs and resources/read, named as the MCP conventions say, in the trace params._meta carries`, async () => {
      const carried = newTraceparent();
      const call = await send('/mcp', {
        method: 'POST',
        headers: revision.headers('tools/call', 'search_docs'),
        body: { jsonrpc: '2.0', id: 41, method: 'tools/call', params: { name: 'search_docs', arguments: { query: secretQuery }, _meta: { ...revision.meta, traceparent: carried.header } } },
      });
      expect(call.status, call.body).toBe(200);
      expect(JSON.parse(call.body).result.isError, call.body).toBeUndefined();
      const span = await until(() => named(carried.traceId, 'tools/call search_docs'), 'the tools/call span');
      expect(span.parent).toBe(carried.spanId);
      expect(span.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'search_docs',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': revision.era,
        'jsonrpc.request.id': '41',
      });
      const operation = await until(() => inTrace(carried.traceId).find((entry) => entry.name === 'operation search' && entry.parent === span.spanId), 'its operation');
      expect(operation.attributes['svc.door']).toBe('mcp');

      const listed = await send('/mcp', { method: 'POST', headers: revision.headers('resources/list'), body: { jsonrpc: '2.0', id: 42, method: 'resources/list', params: { _meta: revision.meta } } });
      const uri = JSON.parse(listed.body).result.resources.find((resource: { uri: string }) => resource.uri.endsWith('/docs/install.md')).uri as string;
      const read = await send('/mcp', { method: 'POST', headers: revision.headers('resources/read', uri), body: { jsonrpc: '2.0', id: 43, method: 'resources/read', params: { uri, _meta: revision.meta } } });
      expect(read.status, read.body).toBe(200);
      const readSpan = await until(() => named(read.trace.traceId, 'resources/read'), 'the resources/read span');
      expect(readSpan.attributes).toMatchObject({ 'mcp.method.name': 'resources/read', 'mcp.protocol.version': revision.era, 'mcp.resource.uri': uri });
    });
  }

  it('A2A message/send: the request’s span named for its skill, the operation under it', async () => {
    const answer = await send('/a2a', {
      method: 'POST',
      headers: { 'a2a-version': '0.3' },
      body: { jsonrpc: '2.0', id: 7, method: 'message/send', params: { message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'data', data: { skill: 'latest-release', arguments: { app: 'pounce', sandbox: true } } }] } } },
    });
    expect(answer.status, answer.body).toBe(200);
    const span = await until(() => named(answer.trace.traceId, 'message/send latest-release'), 'the A2A span');
    expect(span.attributes).toMatchObject({ 'rpc.method': 'message/send', 'svc.a2a.skill': 'latest-release', 'jsonrpc.request.id': '7' });
    const operation = await until(() => inTrace(answer.trace.traceId).find((entry) => entry.name === 'operation release' && descends(entry, span.spanId)), 'its operation');
    expect(operation.attributes['svc.door']).toBe('a2a');
  });

  it('/ask as events: the search under the ask door', async () => {
    const answer = await send('/ask', { method: 'POST', body: { query: secretQuery, prefer: { streaming: true } }, headers: { accept: 'text/event-stream' } });
    expect(answer.status).toBe(200);
    const operation = await until(() => named(answer.trace.traceId, 'operation search'), 'the ask search');
    expect(operation.attributes['svc.door']).toBe('ask');
  });

  it('an unknown app’s release: error.type is the problem code, the status stays unset', async () => {
    const answer = await send('/v1/releases/safari');
    expect(answer.status).toBe(404);
    const operation = await until(() => named(answer.trace.traceId, 'operation release'), 'the release span');
    expect(operation.attributes['error.type']).toBe(JSON.parse(answer.body).code);
    expect(operation.status?.code ?? 0).toBe(0);
  });

  it('a code-host timeout: a client span under the operation, the cache missed, and the outcome counted when the request gives up', async () => {
    fake.setScenario('*', scenarios.hang);
    try {
      const answer = await send('/v1/releases/perch');
      expect(answer.status).toBeGreaterThanOrEqual(500);
      const operation = await until(() => named(answer.trace.traceId, 'operation release'), 'the release span');
      expect(operation.attributes).toMatchObject({ 'svc.code_host.cache': 'miss', 'error.type': JSON.parse(answer.body).code });
      // The request's spans end with it (@vercel/otel ends a trace's open spans with its root), the lookup's included.
      const client = await until(() => inTrace(answer.trace.traceId).find((span) => span.name === 'GET' && span.kind === 3), 'the code host’s client span');
      expect(client.parent).toBe(operation.spanId);
      expect(client.attributes).toMatchObject({ 'http.request.method': 'GET', 'server.address': '127.0.0.1' });
      await until(() => metricPoints('svc.code_host.requests').some((point) => point['svc.code_host.outcome'] === 'timeout'), 'the timeout counted');
    } finally {
      fake.reset();
    }
  });
});

describe('metrics', () => {
  it('the request, operation and MCP durations and the counters arrive', async () => {
    const wanted = ['http.server.request.duration', 'svc.operation.duration', 'mcp.server.operation.duration', 'svc.rate_limit.decisions', 'svc.code_host.requests', 'svc.jobs'];
    await until(() => wanted.every((name) => metricNames().has(name)), `the metrics ${wanted.join(', ')}`);
  });
});

describe('privacy', () => {
  it('nothing exported or logged names the client’s address, its user agent, what it searched for, or the token', () => {
    const exported = received.map((entry) => entry.body).join('\n');
    expect(exported.length).toBeGreaterThan(0);
    for (const [what, secret] of [
      ['address', localAddress],
      ['user agent', 'telemetry-probe'],
      ['query', secretQuery],
      ['token', token],
    ] as const) {
      expect(exported.includes(secret), `${what} in what was exported`).toBe(false);
      expect(server.output().includes(secret), `${what} in the server's log`).toBe(false);
    }
  });

  it('every log line the server wrote is one JSON object naming its time and level', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.any(String), message: expect.any(String) });
  });
});
