import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { configuredSampler, LeanSampler } from '@/lib/platform/telemetry-sdk';

/**
 * The sampler registered with the SDK (/docs/operate/telemetry): the one
 * `OTEL_TRACES_SAMPLER` names, except that Next's bookkeeping spans are never
 * recorded.
 */
const traceId = 'ffffffffffffffffffffffffffffffff';
const sample = (env: Record<string, string>, attributes: Record<string, string> = {}, parent = ROOT_CONTEXT) =>
  new LeanSampler(configuredSampler(env as NodeJS.ProcessEnv)).shouldSample(parent, traceId, 'span', SpanKind.INTERNAL, attributes, []).decision;

describe('the trace sampler', () => {
  it('records every trace by default, and drops Next bookkeeping spans as they start', () => {
    expect(sample({})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sample({}, { 'next.span_type': 'AppRouteRouteModule.loadUserland' })).toBe(SamplingDecision.NOT_RECORD);
    expect(sample({}, { 'next.span_type': 'BaseServer.handleRequest' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('follows OTEL_TRACES_SAMPLER and its argument', () => {
    expect(sample({ OTEL_TRACES_SAMPLER: 'always_off' })).toBe(SamplingDecision.NOT_RECORD);
    expect(sample({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(SamplingDecision.NOT_RECORD);
    expect(sample({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // An argument out of range is the whole ratio, 1.
    expect(sample({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('follows a sampled parent by default, and an unsampled one too', () => {
    const parent = (flags: TraceFlags) => trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId: 'ffffffffffffffff', traceFlags: flags, isRemote: true });
    expect(sample({}, {}, parent(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
    expect(sample({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }, {}, parent(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sample({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' })).toBe(SamplingDecision.NOT_RECORD);
  });
});
