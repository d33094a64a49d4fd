import {
  context,
  metrics,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Counter,
  type Histogram,
  type Link,
  type Span,
} from '@opentelemetry/api';

/**
 * The site's spans and metrics, through OpenTelemetry's API (the operators'
 * page: /docs/operate/telemetry). The API is a no-op until instrumentation.ts
 * registers an SDK, which it does only when an OTLP endpoint is configured
 * (or on Vercel), so with none set every call here costs a function call.
 *
 * What a span or metric carries is named here once: no client address, user
 * agent, query text or token is ever an attribute (the door, the operation,
 * codes and outcomes are).
 */
const tracer = () => trace.getTracer('svc');

/** Whether to load the SDK (lib/platform/telemetry-sdk.ts): an OTLP endpoint is set, or the site runs on Vercel. */
export function telemetryEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT || env.VERCEL);
}


/** The doors a span names (`svc.door`). */
export type TelemetryDoor = 'v1' | 'batch' | 'job' | 'ask' | 'mcp' | 'a2a' | 'dialog';

interface Instruments {
  operationDuration: Histogram;
  mcpDuration: Histogram;
  httpDuration: Histogram;
  rateLimit: Counter;
  storeFailures: Counter;
  codeHost: Counter;
  jobs: Counter;
}

let held: Instruments | undefined;
/**
 * Made on first use: the API's meters, unlike its tracers, do not follow a
 * provider registered later, and the first use comes after instrumentation.ts
 * registered one.
 */
function instruments(): Instruments {
  if (held) return held;
  const meter = metrics.getMeter('svc');
  // Seconds, with the HTTP conventions' bucket boundaries.
  const advice = { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] };
  held = {
    operationDuration: meter.createHistogram('svc.operation.duration', { unit: 's', description: 'Duration of an operation run, by door and operation.', advice }),
    mcpDuration: meter.createHistogram('mcp.server.operation.duration', { unit: 's', description: 'Duration of an MCP request as the server handled it.', advice }),
    httpDuration: meter.createHistogram('http.server.request.duration', { unit: 's', description: 'Duration of HTTP server requests.', advice }),
    rateLimit: meter.createCounter('svc.rate_limit.decisions', { description: 'Rate-limit decisions: allowed, denied, fail-open.' }),
    storeFailures: meter.createCounter('svc.store.failures', { description: 'Store calls that failed (and, where the store fails open, were let through).' }),
    codeHost: meter.createCounter('svc.code_host.requests', { description: 'Requests to the code host by outcome.' }),
    jobs: meter.createCounter('svc.jobs', { description: 'Jobs by final state.' }),
  };
  return held;
}

const seconds = (startedMs: number) => (performance.now() - startedMs) / 1000;

/** A result-like value: a failed one carries its failure code. */
type Outcome = { ok: true } | { ok: false; error: { code: string } };
const failureCode = (value: unknown): string | undefined => {
  const outcome = value as Partial<Outcome> | undefined;
  return outcome && typeof outcome === 'object' && outcome.ok === false ? (outcome as { error?: { code?: unknown } }).error?.code?.toString() : undefined;
};

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
  /** The parent, when it is not the active context (a trace context a client sent in a message). */
  parent?: Context;
  /** A trace of its own, whatever is active (a job's run, linked to the request that queued it). */
  root?: boolean;
}

export type SpanLink = Link;

/**
 * Runs `work` in a span named `name`. A failed `Result` sets `error.type` to
 * its code (an expected failure: the status stays unset); a throw sets the
 * status to error, with no message or stack (the door logs the cause under a
 * request id, `unexpectedFailure`).
 */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.root ? ROOT_CONTEXT : (options.parent ?? context.active());
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links }, parent, async (span) => {
    try {
      const value = await work(span);
      const code = failureCode(value);
      if (code) span.setAttribute('error.type', code);
      return value;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
      throw error;
    } finally {
      span.end();
    }
  });
}

/** One operation of the table run through a door: its span (`svc.door`, `svc.operation`) and its duration. */
export async function operationSpan<T>(door: TelemetryDoor, operation: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const attributes = { 'svc.door': door, 'svc.operation': operation };
  let outcome: string | undefined;
  try {
    const value = await inSpan(`operation ${operation}`, { attributes }, async () => work());
    outcome = failureCode(value);
    return value;
  } catch (error) {
    outcome = '_OTHER';
    throw error;
  } finally {
    instruments().operationDuration.record(seconds(started), outcome ? { ...attributes, 'error.type': outcome } : attributes);
  }
}

/** What an MCP request's span carries (OpenTelemetry's MCP conventions), read from its JSON-RPC message. */
export interface McpSpanAttributes {
  method: string;
  protocolVersion?: string;
  requestId?: string | number;
  toolName?: string;
  resourceUri?: string;
  /** `params._meta`: its `traceparent` and `tracestate` continue the client's trace. */
  meta?: { traceparent?: unknown; tracestate?: unknown };
}

/**
 * An MCP request's span, `{mcp.method.name} {target}` (`tools/call
 * search_docs`, `resources/read`), and its duration. `toolFailed` reads
 * the answer: a tool's failure is a result with `isError` inside a 200,
 * which the conventions count apart (`error.type` `tool_error`).
 */
export async function mcpSpan<T>(attributes: McpSpanAttributes, work: () => Promise<T>, toolFailed?: (value: T) => Promise<boolean>): Promise<T> {
  const started = performance.now();
  const base: Attributes = { 'mcp.method.name': attributes.method };
  if (attributes.toolName) Object.assign(base, { 'gen_ai.tool.name': attributes.toolName, 'gen_ai.operation.name': 'execute_tool' });
  const spanAttributes: Attributes = { ...base };
  if (attributes.protocolVersion) spanAttributes['mcp.protocol.version'] = attributes.protocolVersion;
  if (attributes.requestId !== undefined) spanAttributes['jsonrpc.request.id'] = String(attributes.requestId);
  if (attributes.resourceUri) spanAttributes['mcp.resource.uri'] = attributes.resourceUri;
  const name = attributes.toolName ? `${attributes.method} ${attributes.toolName}` : attributes.method;
  let errorType: string | undefined;
  try {
    return await inSpan(name, { kind: SpanKind.SERVER, attributes: spanAttributes, parent: carriedContext(attributes.meta ?? {}) }, async (span) => {
      const value = await work();
      if (toolFailed && (await toolFailed(value))) {
        errorType = 'tool_error';
        span.setAttribute('error.type', errorType);
      }
      return value;
    });
  } catch (error) {
    errorType = '_OTHER';
    throw error;
  } finally {
    instruments().mcpDuration.record(seconds(started), errorType ? { ...base, 'error.type': errorType } : base);
  }
}

/** The name of the span active now, where the SDK exposes it (a recording span does). */
export function activeSpanName(): string | undefined {
  const name = (trace.getActiveSpan() as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Renames the span active now (an A2A request's, once its skill is known) and sets attributes on it. */
export function renameActive(name: string, attributes: Attributes = {}): void {
  const span = trace.getActiveSpan();
  span?.updateName(name);
  span?.setAttributes(attributes);
}

/**
 * The trace context a message carries (MCP's `params._meta`, W3C Trace
 * Context's `traceparent` and `tracestate`), else the active one.
 */
export function carriedContext(carrier: { traceparent?: unknown; tracestate?: unknown }): Context {
  if (typeof carrier.traceparent !== 'string') return context.active();
  const headers: Record<string, string> = { traceparent: carrier.traceparent };
  if (typeof carrier.tracestate === 'string') headers.tracestate = carrier.tracestate;
  return propagation.extract(context.active(), headers);
}

/** A link to the span active now (a job's run links to the request that queued it). */
export function linkToActive(): Link[] {
  const span = trace.getActiveSpan();
  return span ? [{ context: span.spanContext() }] : [];
}

/** Sets attributes on the span active now (Next's request span, or an operation's). */
export function annotate(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** Marks the span active now as failed by a bug, naming only the request id its log line carries. */
export function markUnexpected(requestId: string): void {
  trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR, message: `unexpected failure, request ${requestId}` });
}

/** The ids of the active span, for a log line (none outside a span). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  const ids = span?.spanContext();
  return ids && trace.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined;
}

export const count = {
  rateLimit: (decision: 'allowed' | 'denied' | 'fail-open') => instruments().rateLimit.add(1, { 'svc.rate_limit.decision': decision }),
  storeFailure: (store: string, failOpen: boolean) => instruments().storeFailures.add(1, { 'svc.store.kind': store, 'svc.store.fail_open': failOpen }),
  codeHost: (outcome: string) => instruments().codeHost.add(1, { 'svc.code_host.outcome': outcome }),
  job: (state: string) => instruments().jobs.add(1, { 'svc.job.state': state }),
  httpRequest: (durationS: number, attributes: { method: string; route: string; status: number }) =>
    instruments().httpDuration.record(durationS, {
      'http.request.method': attributes.method,
      'http.route': attributes.route,
      'http.response.status_code': attributes.status,
    }),
};

export { SpanKind };
