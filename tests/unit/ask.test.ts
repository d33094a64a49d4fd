import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askGet, askPost } from '@/lib/endpoints/handlers/ask-handlers';
import { parseEnv } from '@/lib/env';
import { sseFrame } from '@/lib/http/sse';
import { createRuntime, installRuntime } from '@/lib/runtime';

// /ask where HTTP against the real server cannot reach: an index that cannot load.
beforeAll(() => {
  installRuntime(
    createRuntime({
      env: parseEnv({}),
      log: () => {},
      loadSearchIndex: () => Promise.reject(new Error('no index here')),
    }),
  );
});
afterAll(() => installRuntime(undefined));

const call = (handler: typeof askGet, url: string, init?: RequestInit) =>
  handler(new Request(`http://svc.test${url}`, init), { params: Promise.resolve({}) });

describe('/ask without an index', () => {
  it('answers 503 index_unavailable, JSON or stream alike; the sandbox still answers', async () => {
    for (const res of [
      await call(askGet, '/ask?q=wallpaper'),
      await call(askGet, '/ask?q=wallpaper&streaming=true'),
      await call(askPost, '/ask', { method: 'POST', body: JSON.stringify({ query: 'wallpaper', prefer: { streaming: true } }) }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((await res.json()).code).toBe('index_unavailable');
    }
    expect((await call(askGet, '/ask?q=glow&sandbox=true')).status).toBe(200);
  });
});

describe('SSE frames', () => {
  it('are one event line and one data line; a name with a line break is refused', () => {
    expect(sseFrame('result', { text: 'a\r\nb' })).toBe('event: result\ndata: {"text":"a\\r\\nb"}\n\n');
    expect(() => sseFrame('result\ndata: x', {})).toThrow(RangeError);
  });
});

describe('stream or JSON (spec "Natural-language query": the stream "when streaming=true or header Accept: text/event-stream")', () => {
  const sse = { accept: 'text/event-stream' };
  const type = async (res: Response | Promise<Response>) => (await res).headers.get('content-type')!.split(';')[0];
  it('either one selects the stream, GET and POST (sandbox, so no index is needed)', async () => {
    expect(await type(call(askGet, '/ask?q=glow&sandbox=true&streaming=false', { headers: sse }))).toBe('text/event-stream');
    expect(await type(call(askGet, '/ask?q=glow&sandbox=true&streaming=true', { headers: { accept: 'application/json' } }))).toBe('text/event-stream');
    expect(await type(call(askGet, '/ask?q=glow&sandbox=true&streaming=false'))).toBe('application/json');
    expect(await type(call(askGet, '/ask?q=glow&sandbox=true&streaming=false', { headers: { accept: 'text/html' } }))).toBe('application/json');
    expect((await call(askGet, '/ask?q=glow&sandbox=true', { headers: { accept: 'text/html' } })).status).toBe(406);
    const post = (prefer: unknown, headers: Record<string, string> = {}) =>
      call(askPost, '/ask', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: 'glow', sandbox: true, prefer }) });
    expect(await type(post({ streaming: false }, sse))).toBe('text/event-stream');
    expect(await type(post({ streaming: true }))).toBe('text/event-stream');
    expect(await type(post({ streaming: false }))).toBe('application/json');
  });
});
