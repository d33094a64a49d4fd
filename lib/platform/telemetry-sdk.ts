import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { Attributes, Context, Link, SpanKind } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SamplingResult,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { OTLPHttpJsonTraceExporter, OTLPHttpProtoTraceExporter, registerOTel } from '@vercel/otel';

/**
 * OpenTelemetry's SDK for this server, configured only by the standard
 * variables (/docs/operate/telemetry): `OTEL_EXPORTER_OTLP_ENDPOINT` (or the
 * traces' and metrics' own), `OTEL_EXPORTER_OTLP_PROTOCOL` (`http/protobuf`,
 * the default, or `http/json`), `OTEL_SERVICE_NAME` (default `svc`),
 * `OTEL_TRACES_SAMPLER` and `_ARG`, `OTEL_METRIC_EXPORT_INTERVAL`.
 * `@vercel/otel` registers the tracer, the W3C propagator and, on Vercel,
 * the platform's own export; the metrics reader is added here, since it
 * exports metrics only when given one. Loaded by instrumentation.ts only
 * when `telemetryEnabled` (lib/platform/telemetry.ts) says so: with no
 * endpoint, no SDK is loaded.
 */
/** The metric reader's interval: the variable's milliseconds, else the specification's default, 60 s. */
function exportInterval(env: NodeJS.ProcessEnv): number {
  const value = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  return Number.isInteger(value) && value > 0 ? value : 60_000;
}

/** Attributes that would carry a client's identity or what it asked: never exported. */
const dropped = ['user_agent.original', 'http.user_agent', 'client.address', 'client.port', 'net.peer.ip', 'net.peer.port', 'net.sock.peer.addr', 'http.client_ip', 'url.query'];
/** Attributes that carry a URL: exported without its query, which holds what a client searched for. */
const withoutQuery = ['http.target', 'http.url', 'url.full'];

/**
 * Keeps spans free of personal data (/docs/operate/telemetry, "What is
 * never exported"): Next's own request spans record the request target
 * with its query (`http.target`: `/v1/search?q=…`); the site's spans carry
 * none of these. Runs as each span ends, before any exporter reads it.
 */
export class PrivacySpanProcessor implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}
  onEnd(span: ReadableSpan): void {
    const attributes = span.attributes as Record<string, unknown>;
    for (const name of dropped) delete attributes[name];
    for (const name of withoutQuery) {
      const value = attributes[name];
      if (typeof value === 'string' && value.includes('?')) attributes[name] = value.slice(0, value.indexOf('?'));
    }
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Next's spans of its own bookkeeping inside a request (loading and
 * preparing the route module, resolving components, starting the
 * response): leaves under the request's span, as many again as the spans
 * that say what the request did. Never recorded: the sampler below drops
 * them as they start, so they cost what a span costs with no SDK at all.
 */
export const nextBookkeepingSpanTypes: ReadonlySet<string> = new Set([
  'LoadComponents.loadRouteModule',
  'NextNodeServer.findPageComponents',
  'RouteModule.prepare',
  'AppRouteRouteModule.loadUserland',
  'NextNodeServer.startResponse',
]);

/**
 * The sampler `OTEL_TRACES_SAMPLER` and `_ARG` name (the OpenTelemetry SDK's
 * environment variables; default `parentbased_always_on`), built here since
 * the SDK's own reading of them is not exported and the bookkeeping filter
 * must wrap it.
 */
export function configuredSampler(env: NodeJS.ProcessEnv): Sampler {
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const traceIdRatio = () => new TraceIdRatioBasedSampler(Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1);
  switch (env.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return traceIdRatio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: traceIdRatio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** The configured sampler, but Next's bookkeeping spans are never recorded. */
export class LeanSampler implements Sampler {
  constructor(private readonly inner: Sampler) {}
  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    if (nextBookkeepingSpanTypes.has(String(attributes['next.span_type']))) return { decision: SamplingDecision.NOT_RECORD };
    return this.inner.shouldSample(context, traceId, name, kind, attributes, links);
  }
  toString(): string {
    return `LeanSampler{${this.inner.toString()}}`;
  }
}

/** The OTLP trace exporter the variables name: `http/protobuf` (the default) or `http/json`, with their headers. */
function traceExporter(env: NodeJS.ProcessEnv): SpanExporter | undefined {
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : undefined);
  if (!url) return undefined;
  const headers = Object.fromEntries(
    [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS]
      .flatMap((list) => (list ?? '').split(','))
      .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.trim())))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ''),
  );
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  return protocol === 'http/json' ? new OTLPHttpJsonTraceExporter({ url, headers }) : new OTLPHttpProtoTraceExporter({ url, headers });
}

export function registerTelemetry(env: NodeJS.ProcessEnv): void {
  const protocol = env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const metricsWanted = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT);
  // The exporters read the endpoint and headers variables themselves.
  const metricExporter = protocol === 'http/json' ? new JsonMetricExporter() : new ProtobufMetricExporter();
  const exporter = traceExporter(env);
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME || 'svc',
    // Outbound calls get the site's own client spans (the code host, the store), named for what they do.
    instrumentations: [],
    // The privacy processor first: the exporter's processor reads the span after it. With an endpoint, the
    // site's own exporter; on Vercel without one, Vercel's integration ('auto').
    spanProcessors: [new PrivacySpanProcessor(), ...(exporter ? [new BatchSpanProcessor(exporter)] : ['auto' as const])],
    traceSampler: new LeanSampler(configuredSampler(env)),
    metricReaders: metricsWanted ? [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: exportInterval(env) })] : [],
  });
}
