import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, inject, it } from 'vitest';
import { client, type HttpResult } from '../helpers/http';
import queries from '../fixtures/search-queries.json';

/**
 * /ask (spec "Natural-language query") over real HTTP: the NLWeb envelope, the event stream (parsed
 * with eventsource-parser), negotiation, errors and limits, and the
 * question set (hit@1, hit@3) through the door a person or an agent asks.
 */
const base = inject('baseUrl');
const get = client(base, '127.0.0.94');

interface AskAnswer {
  _meta: { response_type: string; version: string; query: string; query_id: string; mode: string; site: string; sandbox?: true };
  query_id: string;
  results: Array<{ url: string; name: string; site: string; score: number; description: string; breadcrumbs: string[] }>;
}

function events(res: HttpResult): EventSourceMessage[] {
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push(event) });
  parser.feed(res.body);
  return parsed;
}

const ask = (q: string, headers: Record<string, string> = {}) => get(`/ask?q=${encodeURIComponent(q)}`, { headers });

describe('/ask as JSON', () => {
  it('answers the NLWeb envelope with the same ranking as /v1/search', async () => {
    const q = 'How do I hide the icons on my desktop?';
    const res = await ask(q);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['ratelimit-limit']).toBe('600');
    const answer = res.json<AskAnswer>();
    expect(answer._meta).toMatchObject({ response_type: 'answer', version: '0.54', query: q, mode: 'list' });
    expect(answer.query_id).toBe(answer._meta.query_id);
    const search = (await get(`/v1/search?q=${encodeURIComponent(q)}&limit=10`)).json<{ results: Array<{ url: string; score: number; excerpt: string; breadcrumbs: string[] }> }>();
    expect(answer.results.map(({ url, score }) => ({ url, score }))).toEqual(search.results.map(({ url, score }) => ({ url, score })));
    expect(answer.results[0]).toMatchObject({
      url: search.results[0]!.url,
      name: search.results[0]!.breadcrumbs.at(-1),
      site: answer._meta.site,
      description: search.results[0]!.excerpt,
    });
    expect(answer.results[0]!.url).toMatch(/#layer\.windows\.desktop\.hideIcons$/);
  });

  it('POST takes NLWeb’s body (`query` as a string or `{ text }`)', async () => {
    const one = (await get('/ask', { method: 'POST', body: { query: 'hot corners' } })).json<AskAnswer>();
    const two = (await get('/ask', { method: 'POST', body: { query: { text: 'hot corners' } } })).json<AskAnswer>();
    expect(one.results.map((result) => result.url)).toEqual(two.results.map((result) => result.url));
    expect(one.results.length).toBeGreaterThan(0);
  });

  it('sandbox answers from the sandbox fixtures, marked', async () => {
    const answer = (await ask('glow', {})).json<AskAnswer>();
    const sandbox = (await get('/ask?q=glow&sandbox=true')).json<AskAnswer>();
    expect(sandbox._meta.sandbox).toBe(true);
    const fixtures = (await get('/v1/search?q=glow&sandbox=true')).json<{ results: Array<{ url: string; score: number }> }>();
    expect(sandbox.results.map(({ url, score }) => ({ url, score }))).toEqual(fixtures.results.map(({ url, score }) => ({ url, score })));
    expect(answer._meta.sandbox).toBeUndefined();
  });
});

describe('/ask as server-sent events', () => {
  it('streams start, one result per ranked result, then complete; the results equal the JSON answer’s', async () => {
    const q = 'which editor does it install by default';
    const json = (await ask(q)).json<AskAnswer>();
    const res = await get(`/ask?q=${encodeURIComponent(q)}&streaming=true`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    const stream = events(res);
    expect(stream.map((event) => event.event)).toEqual(['start', ...json.results.map(() => 'result'), 'complete']);
    const meta = JSON.parse(stream[0]!.data) as AskAnswer['_meta'];
    expect(meta).toMatchObject({ response_type: 'answer', query: q, mode: 'list' });
    expect(stream.slice(1, -1).map((event) => JSON.parse(event.data))).toEqual(json.results);
    expect(JSON.parse(stream.at(-1)!.data)).toMatchObject({ count: json.results.length, elapsed_ms: expect.any(Number) });
  });

  it.each([
    ['text/event-stream', 'text/event-stream'],
    ['text/event-stream;q=0.9, application/json;q=0.5', 'text/event-stream'],
    ['application/json;q=0.9, text/event-stream;q=0.5', 'application/json'],
    ['*/*', 'application/json'],
  ])('Accept %s → %s', async (accept, type) => {
    const res = await ask('wallpaper', { accept });
    expect(res.headers['content-type']!.split(';')[0]).toBe(type);
    expect(res.headers.vary).toMatch(/Accept/);
  });

  it('the stream when streaming=true or Accept: text/event-stream (either one), GET and POST', async () => {
    const type = (res: HttpResult) => res.headers['content-type']!.split(';')[0];
    const sse = { accept: 'text/event-stream' };
    // spec "Natural-language query": "when streaming=true or header Accept: text/event-stream".
    const falseWithSse = await get('/ask?q=wallpaper&streaming=false', { headers: sse });
    expect(type(falseWithSse)).toBe('text/event-stream');
    expect(events(falseWithSse)[0]!.event).toBe('start');
    expect(type(await get('/ask?q=wallpaper&streaming=true', { headers: { accept: 'application/json' } }))).toBe('text/event-stream');
    expect(type(await get('/ask?q=wallpaper&streaming=false'))).toBe('application/json');
    expect(type(await get('/ask?q=wallpaper&streaming=false', { headers: { accept: 'application/json' } }))).toBe('application/json');
    // Neither asks for the stream, and Accept allows neither type: streaming=false still answers JSON.
    expect(type(await get('/ask?q=wallpaper&streaming=false', { headers: { accept: 'text/html' } }))).toBe('application/json');

    const post = (prefer: unknown, headers: Record<string, string> = {}) => get('/ask', { method: 'POST', body: { query: 'wallpaper', ...(prefer === undefined ? {} : { prefer }) }, headers });
    const res = await post({ streaming: true });
    expect(type(res)).toBe('text/event-stream');
    expect(events(res)[0]!.event).toBe('start');
    expect(type(await post({ streaming: false }, sse))).toBe('text/event-stream');
    expect(type(await post({ streaming: true }, { accept: 'application/json' }))).toBe('text/event-stream');
    expect(type(await post(undefined, sse))).toBe('text/event-stream');
    expect(type(await post({ streaming: false }))).toBe('application/json');
    expect(type(await post(undefined))).toBe('application/json');
  });

  it('no CR or LF in a question can break a frame', async () => {
    const q = 'wallpaper\r\nevent: complete\r\ndata: {}\n\nevent: result';
    const res = await get('/ask', { method: 'POST', body: { query: q, prefer: { streaming: true } } });
    const stream = events(res);
    expect(stream[0]!.event).toBe('start');
    expect(JSON.parse(stream[0]!.data).query).toBe(q);
    expect(stream.filter((event) => event.event === 'complete')).toHaveLength(1);
    expect(stream.at(-1)!.event).toBe('complete');
  });
});

describe('/ask errors', () => {
  const problem = (res: HttpResult, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code, status });
  };
  it('missing or empty question → 400 missing_query', async () => {
    problem(await get('/ask'), 400, 'missing_query');
    problem(await get('/ask?q='), 400, 'missing_query');
    problem(await get('/ask?q=%20%20'), 400, 'missing_query');
    problem(await get('/ask', { method: 'POST', body: {} }), 400, 'missing_query');
    problem(await get('/ask', { method: 'POST', body: { query: '' } }), 400, 'missing_query');
  });
  it('a question over 500 characters → 400 invalid_parameter; a bad body → 400', async () => {
    problem(await ask('x'.repeat(501)), 400, 'invalid_parameter');
    problem(await get('/ask', { method: 'POST', body: { query: 'x'.repeat(501) } }), 400, 'invalid_parameter');
    problem(await get('/ask', { method: 'POST', body: '{"query":', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    problem(await get('/ask', { method: 'POST', body: { query: 42 } }), 400, 'invalid_parameter');
    problem(await get('/ask?q=x&streaming=yes'), 400, 'invalid_parameter');
  });
  it('other methods → 405 with Allow; an unacceptable Accept → 406', async () => {
    const res = await get('/ask', { method: 'PUT' });
    problem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    problem(await ask('x', { accept: 'text/html' }), 406, 'not_acceptable');
  });
});

describe('/ask answers questions', () => {
  it('the question set: the wanted section first', async () => {
    const options = (await get('/v1/options?limit=200')).json<{ items: Array<{ name: string; docs_url: string }> }>().items;
    const urlOf = new Map(options.map((option) => [option.name, option.docs_url]));
    const target = (name: string) => (name.startsWith('layer.') ? urlOf.get(name)! : name);
    let hit1 = 0;
    let hit3 = 0;
    const misses: string[] = [];
    for (const { q, expect: wanted } of queries.questions) {
      const urls = (await ask(q)).json<AskAnswer>().results.map((result) => result.url);
      const rank = urls.findIndex((url) => wanted.map(target).includes(url));
      if (rank === 0) hit1 += 1;
      if (rank >= 0 && rank < 3) hit3 += 1;
      if (rank !== 0) misses.push(`${q} → ${rank + 1 || 'not in 10'}`);
    }
    const n = queries.questions.length;
    console.log(`ask: questions hit@1 ${hit1}/${n} (${((hit1 / n) * 100).toFixed(1)} %), hit@3 ${hit3}/${n} (${((hit3 / n) * 100).toFixed(1)} %)${misses.map((miss) => `\n  ${miss}`).join('')}`);
    expect(n).toBeGreaterThanOrEqual(30);
    expect(hit1 / n).toBeGreaterThanOrEqual(0.9);
    expect(hit3 / n).toBeGreaterThanOrEqual(0.95);
  });
});
