import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { registerOTel } from '@vercel/otel';

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

export function registerTelemetry(env: NodeJS.ProcessEnv): void {
  const protocol = env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const metricsWanted = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT);
  // The exporters read the endpoint and headers variables themselves.
  const exporter = protocol === 'http/json' ? new JsonMetricExporter() : new ProtobufMetricExporter();
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME || 'svc',
    // Outbound calls get the site's own client spans (the code host, the store), named for what they do.
    instrumentations: [],
    // The privacy processor first: the exporter's processor reads the span after it.
    spanProcessors: [new PrivacySpanProcessor(), 'auto'],
    metricReaders: metricsWanted ? [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: exportInterval(env) })] : [],
  });
}
