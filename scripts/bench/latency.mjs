// Request latencies of the agent doors (/mcp, /ask), one request at a time and interleaved, so the figures compared
// share the same moment of the machine. Imported by ask.mjs, mcp.mjs and latency-figures.mjs.
import { performance } from 'node:perf_hooks';

export const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Runs every case (`async () => milliseconds`) `rounds` times, interleaved, after `warmup` unmeasured rounds. */
export async function interleaved(cases, { rounds = 300, warmup = 30 } = {}) {
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (const [name, run] of Object.entries(cases)) {
      const ms = await run();
      if (round >= warmup) samples[name].push(ms);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return [name, { n: sorted.length, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99) }];
    }),
  );
}

/** Reads a body chunk by chunk, calling `seen` with the text so far after each chunk (the same reading for every case). */
async function readBody(response, seen) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    seen?.(text);
  }
}

/** Milliseconds until the whole answer is read; fails on a non-2xx answer. */
export function timed(url, init) {
  return async () => {
    const start = performance.now();
    const response = await fetch(url, init);
    await readBody(response);
    if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
    return performance.now() - start;
  };
}

/** Milliseconds until a chunk of an event stream holds `marker` (the first event of a kind); the rest is read and dropped. */
export function timedUntil(url, marker, init) {
  return async () => {
    const start = performance.now();
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    let at;
    await readBody(response, (text) => {
      if (at === undefined && text.includes(marker)) at = performance.now() - start;
    });
    if (at === undefined) throw new Error(`${url}: no ${JSON.stringify(marker)} in the stream`);
    return at;
  };
}

export const formatMs = (ms) => `${ms.toFixed(2)} ms`;
