import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { tracedStore } from '@/lib/store/traced-store';
import { createMemoryStore } from '@/lib/store/memory-store';
import { StoreUnavailableError, type Store } from '@/lib/store/types';

/**
 * The store's client spans (/docs/operate/telemetry): one per call, named
 * for the operation and the store's kind, never its keys; a failed call is
 * an error span.
 */
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
afterAll(() => trace.disable());

describe('tracedStore', () => {
  it('a client span per call, with the kind and the operation and no key', async () => {
    const store = tracedStore(createMemoryStore({ clock: () => 0, limit: 10, windowMs: 60_000 }));
    await store.kv.set('idem:203.0.113.9:key', 'v', 1000);
    await store.kv.get('idem:203.0.113.9:key');
    await store.limiter.limit('203.0.113.9');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['store set', 'store get', 'store limit']);
    for (const span of spans) {
      expect(span.kind).toBe(2);
      expect(span.attributes['svc.store.kind']).toBe('memory');
      expect(JSON.stringify(span.attributes)).not.toContain('203.0.113.9');
    }
  });

  it('a failed call is an error span, and the failure is thrown on', async () => {
    exporter.reset();
    const failing = createMemoryStore({ clock: () => 0, limit: 10, windowMs: 60_000 });
    const broken: Store = { ...failing, kv: { ...failing.kv, get: () => Promise.reject(new StoreUnavailableError('down')) } };
    await expect(tracedStore(broken).kv.get('k')).rejects.toThrow('down');
    const [span] = exporter.getFinishedSpans();
    expect(span?.status.code).toBe(2);
    expect(span?.attributes['error.type']).toBe('StoreUnavailableError');
  });
});
