// The fault soak's load: a seeded mix sent at a fixed rate through the proxy, every request and answer recorded in the
// history (scripts/soak/soak-history.mjs). Searches on every door (REST, batch, jobs, /ask as events, MCP, A2A, the
// search dialog), release lookups, installers (the code host's path), MCP resource reads, batches with an
// Idempotency-Key (three concurrent clients a key, some with another body, each retrying as /docs/api/batch-and-jobs
// says: after 409 or 503, with the same key), jobs polled to the end, and one client kept above its rate limit.
import { setTimeout as sleep } from 'node:timers/promises';
const queries = ['wallpaper', 'glow spread', 'accordionPadding', 'theme accent', 'homebrew cleanup', 'display arrangement', 'hot corners', 'install a desktop'];
const apps = ['pounce', 'perch'];
const desktops = ['hacker', 'everyday', 'minimal'];

/** How often each kind of work is picked; a keyed batch is three requests, a job a submit and its polls. */
const weights = {
  'search-v1': 3, 'search-ask': 2, 'search-mcp': 2, 'search-a2a': 1, 'search-dialog': 1, 'search-batch': 1,
  release: 2, installer: 1, 'resource-read': 1, 'keyed-batch': 2, job: 1,
};

/** The over-limit client: one address that sends more than its limit. */
export const overLimitClient = '10.255.255.1';
/** How long a client keeps retrying one keyed request (409, 503, 429, a cut connection) before it gives up. */
const keyedRetryForMs = 120_000;
/** How long a job is polled before it counts as stuck. */
const jobPollForMs = 120_000;
const retryAfterMs = (entry) => Math.max(1, Number(entry.headers?.['retry-after'] ?? 1)) * 1000;

const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const mcpHeaders = { accept: 'application/json, text/event-stream' };

/** Requests by door, each an object `history.send` takes (without `base` and `client`). */
export const requestsOf = {
  'search-v1': (q) => ({ door: 'v1', path: `/v1/search?q=${encodeURIComponent(q)}&limit=5` }),
  'search-ask': (q) => ({ door: 'ask', path: `/ask?q=${encodeURIComponent(q)}&streaming=true`, headers: { accept: 'text/event-stream' } }),
  'search-mcp': (q) => ({ door: 'mcp', method: 'POST', path: '/mcp', headers: mcpHeaders, body: rpc('tools/call', { name: 'search_docs', arguments: { query: q, limit: 3 } }) }),
  'search-a2a': (q) => ({
    door: 'a2a',
    method: 'POST',
    path: '/a2a',
    body: rpc('SendMessage', { message: { messageId: `soak-${q.length}`, role: 'ROLE_USER', parts: [{ data: { skill: 'search-docs', arguments: { query: q, limit: 3 } } }] } }),
  }),
  'search-dialog': (q) => ({ door: 'dialog', path: `/api/docs-search?query=${encodeURIComponent(q)}` }),
  'search-batch': (q) => ({ door: 'batch', method: 'POST', path: '/v1/batch', body: JSON.stringify({ operations: [{ kind: 'search', q, limit: 3 }] }) }),
  release: (app, alias) => ({ door: 'v1', codeHost: true, path: alias ? `/api/release/${app}` : `/v1/releases/${app}` }),
  installer: (desktop, tag) => ({ door: 'installer', codeHost: true, path: `/${desktop}.sh?ref=${tag}` }),
  'resource-read': (uri) => ({ door: 'mcp', method: 'POST', path: '/mcp', headers: mcpHeaders, body: rpc('resources/read', { uri }) }),
};

/**
 * The mix: `run()` sends it for `seconds` at `rate` requests a second (keyed batches and jobs count one a tick), then
 * waits for every client to finish: the keyed clients' retries and the jobs' polls. `resources`: MCP resource URIs.
 */
export function createLoad({ history, url, seconds, rate, random, overLimitPerMinute, resources, seed }) {
  const pending = new Set();
  const keys = new Map();
  const jobs = new Map();
  let clients = 0;
  let tags = 0;
  const track = (promise) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  // Clients from 10.0.0.0/9: each a handful of requests, far below the limit; keyed and job clients their own.
  const newClient = () => {
    clients += 1;
    return `10.${(clients >> 16) & 127}.${(clients >> 8) & 255}.${clients & 255}`;
  };
  const send = (kind, request, client = newClient()) => history.send({ kind, base: url, client, ...request });

  const tasks = {
    release: () => send('release', requestsOf.release(random.pick(apps), random.below(4) === 0)),
    // A new release tag each time: the installer is fetched from the code host (tags are cached by the site).
    installer: () => send('installer', requestsOf.installer(random.pick(desktops), `v2026.01.01-${seed}${(tags += 1)}`)),
    'resource-read': () => send('resource-read', requestsOf['resource-read'](random.pick(resources))),
    'keyed-batch': () => keyedBatch(),
    job: () => submitJob(),
  };
  for (const kind of ['search-v1', 'search-ask', 'search-mcp', 'search-a2a', 'search-dialog', 'search-batch']) {
    tasks[kind] = () => send(kind, requestsOf[kind](random.pick(queries)));
  }

  /** Three concurrent clients of one key; in one group of three, one sends another body. */
  function keyedBatch() {
    const key = `soak-${seed}-${keys.size + 1}`;
    const q = random.pick(queries);
    const operations = [{ kind: 'search', q, limit: 3 }, { kind: 'install', desktop: 'minimal' }];
    if (random.below(3) === 0) operations.push({ kind: 'release', app: random.pick(apps) });
    const bodies = { same: JSON.stringify({ operations }), other: JSON.stringify({ operations: [...operations.slice(0, 1), { kind: 'install', desktop: 'hacker' }] }) };
    const client = newClient();
    const group = { key, client, bodies };
    keys.set(key, group);
    const variants = random.below(3) === 0 ? ['same', 'same', 'other'] : ['same', 'same', 'same'];
    return Promise.all(variants.map((variant) => keyedClient(group, variant)));
  }

  async function keyedClient(group, variant) {
    const started = history.now();
    for (let attempt = 1; ; attempt += 1) {
      const entry = await send('keyed-batch', { door: 'batch', method: 'POST', path: '/v1/batch', headers: { 'idempotency-key': group.key }, body: group.bodies[variant], key: group.key, variant, attempt }, group.client);
      if (entry.status === 200 || entry.status === 422) return;
      if (history.now() - started > keyedRetryForMs) return void (entry.gaveUp = true);
      await sleep(entry.status === 409 || entry.status === 429 ? retryAfterMs(entry) : 1000);
    }
  }

  /** Submits a job (to `base`), and once accepted polls its Location every second (its Retry-After) through the proxy until it is done or failed. */
  async function submitJob(base = url, operations = undefined, backend = undefined) {
    const client = newClient();
    const ops = operations ?? Array.from({ length: 1 + random.below(5) }, () => {
      const kind = random.pick(['search', 'release', 'install']);
      return kind === 'search' ? { kind, q: random.pick(queries) } : kind === 'release' ? { kind, app: random.pick(apps) } : { kind, desktop: random.pick(desktops) };
    });
    const submitted = await history.send({ kind: 'job-submit', door: 'jobs', base, client, method: 'POST', path: '/v1/jobs', body: JSON.stringify({ operations: ops }), ...(backend === undefined ? {} : { backend }) });
    if (submitted.status !== 202) return;
    const answer = history.json(submitted);
    const record = { id: answer.id, client, submitted, polls: [], final: undefined };
    jobs.set(answer.id, record);
    track(pollJob(record, submitted.headers.location ?? answer.url, retryAfterMs(submitted)));
  }

  async function pollJob(record, location, firstWait) {
    await sleep(firstWait);
    for (;;) {
      // Two minutes after it was accepted a job is long past its bound (/docs/api/limits, "Lifetimes"): stuck.
      if (history.now() - record.submitted.answeredAt > jobPollForMs) return void (record.stuck = true);
      const entry = await history.send({ kind: 'job-poll', door: 'jobs', base: url, client: record.client, path: location, job: record.id });
      record.polls.push(entry);
      const status = history.json(entry)?.status;
      if (entry.status === 200 && (status === 'done' || status === 'failed')) return void (record.final = entry);
      // 404 is the job gone (the invariants say whether it may be); anything else is polled again.
      if (entry.status === 404) return;
      await sleep(1000);
    }
  }

  async function run() {
    // The over-limit client, every request to a read that touches nothing but the limiter.
    const overEveryMs = 60_000 / overLimitPerMinute;
    const stopAt = history.now() + seconds * 1000;
    const overLimit = (async () => {
      for (let next = history.now(); next < stopAt; next += overEveryMs) {
        await sleep(Math.max(0, next - history.now()));
        track(send('over-limit', { door: 'v1', path: '/v1/desktops?sandbox=true' }, overLimitClient));
      }
    })();
    // The mix, one task every 1/rate s on a fixed schedule: a slow answer never delays the next request.
    const everyMs = 1000 / rate;
    for (let next = history.now(); next < stopAt; next += everyMs) {
      await sleep(Math.max(0, next - history.now()));
      track(tasks[random.weighted(weights)]());
    }
    await overLimit;
  }

  return {
    keys,
    jobs,
    run,
    /** Jobs sent straight to one instance (the kill's); resolves once each is accepted or refused. */
    submitJobs: (base, count, operations, backend) => Promise.all(Array.from({ length: count }, () => submitJob(base, operations, backend))),
    /** Until every client is done: keyed retries and job polls, also those started after `run()`; `say` hears how many are left. */
    async settle(say = () => {}) {
      while (pending.size > 0) {
        say(`${pending.size} clients still retrying or polling`);
        await Promise.race([Promise.allSettled([...pending]), sleep(15_000)]);
      }
    },
  };
}
