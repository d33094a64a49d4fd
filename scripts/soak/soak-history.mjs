// The fault soak's history: every request it sends and every answer it gets (or the error in its place), in order,
// with what the invariants read (scripts/soak/soak-invariants.mjs). Times are milliseconds since the soak started
// (`at`, monotonic) beside the wall clock (`epoch`), which the rate limit's fixed windows and the jobs' timestamps use.
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';

/** The headers the invariants read; the rest are not kept. */
const keptHeaders = [
  'content-type', 'retry-after', 'location', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy',
  'idempotency-replayed', 'x-soak-backend', 'x-soak-proxy',
];
/** Bodies kept whole up to this many characters (every problem, job and batch answer fits); longer ones are cut. */
const keptBodyChars = 16_384;
/** No answer by then is an error of the history: no request of the site may take that long. */
const clientTimeoutMs = 120_000;

/** A seeded pseudo-random source (mulberry32): the same seed, the same mix and fault times. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    /** One name of `weights` ({ name: weight }), each as likely as its weight. */
    weighted(weights) {
      const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
      let left = next() * total;
      for (const [name, weight] of Object.entries(weights)) if ((left -= weight) < 0) return name;
      return Object.keys(weights).at(-1);
    },
  };
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export function createHistory() {
  const started = performance.now();
  const entries = [];
  // Idle connections are dropped well before the proxy's keep-alive timeout (30 s) closes them.
  const agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: 10_000 });
  const now = () => performance.now() - started;

  /**
   * Sends one request and records it. `spec`: { kind, door, base, method, path, client, headers, body, ...tags };
   * the tags (key, variant, job, probe, fault, backend) travel into the entry for the invariants.
   */
  function send(spec) {
    const { base, method = 'GET', path, client, headers = {}, body, ...tags } = spec;
    const entry = { id: entries.length, ...tags, target: base, method, path, client, sentAt: now(), sentEpoch: Date.now() };
    entries.push(entry);
    const url = new URL(path, base);
    const allHeaders = { 'x-forwarded-for': client, ...headers };
    if (body !== undefined) allHeaders['content-type'] ??= 'application/json';
    return new Promise((resolve) => {
      const done = (fields) => {
        if (entry.answeredAt !== undefined) return;
        Object.assign(entry, fields, { answeredAt: now(), answeredEpoch: Date.now() });
        resolve(entry);
      };
      const req = httpRequest(url, { method, headers: allHeaders, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.once('aborted', () => done({ error: 'connection cut mid-answer', status: res.statusCode }));
        res.once('error', (error) => done({ error: `answer: ${error.code ?? error.message}`, status: res.statusCode }));
        res.once('end', () => {
          const bytes = Buffer.concat(chunks);
          const kept = {};
          for (const name of keptHeaders) if (res.headers[name] !== undefined) kept[name] = String(res.headers[name]);
          const text = bytes.toString('utf8');
          done({
            status: res.statusCode,
            headers: kept,
            bodySha: sha256(bytes),
            body: text.length > keptBodyChars ? `${text.slice(0, keptBodyChars)}…` : text,
            // The proxy names the instance; a request sent straight to one carries it as a tag.
            ...(kept['x-soak-backend'] === undefined ? {} : { backend: Number(kept['x-soak-backend']) }),
          });
        });
      });
      req.setTimeout(clientTimeoutMs, () => req.destroy(new Error('no answer within the client timeout')));
      req.once('error', (error) => done({ error: error.code ?? error.message }));
      req.end(body);
    });
  }

  return {
    entries,
    now,
    send,
    /** The entry's body as JSON, or undefined. */
    json(entry) {
      try {
        return JSON.parse(entry.body);
      } catch {
        return undefined;
      }
    },
    close: () => agent.destroy(),
  };
}
