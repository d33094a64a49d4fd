#!/usr/bin/env node
// Case (h): /ask (JSON and the stream's first result) beside /v1/search for the same question, interleaved.
// Imported by run.mjs; alone: `node scripts/bench/ask.mjs --url <base>` (a server with RATE_LIMIT_PER_MINUTE=0).
import { fileURLToPath } from 'node:url';
import { formatMs, interleaved, timed, timedUntil } from './latency.mjs';

const question = 'How do I hide the icons on my desktop?';

export async function measureAsk(base, options = {}) {
  const q = encodeURIComponent(question);
  return interleaved(
    {
      '/v1/search': timed(`${base}/v1/search?q=${q}&limit=10`),
      '/ask JSON': timed(`${base}/ask?q=${q}`),
      '/ask stream, first result': timedUntil(`${base}/ask?q=${q}&streaming=true`, 'event: result'),
    },
    options,
  );
}

export function printAsk(results) {
  const search = results['/v1/search'].p50;
  const json = results['/ask JSON'].p50;
  const first = results['/ask stream, first result'].p50;
  console.log(`\n(h) /ask beside /v1/search, the same question ("${question}"), one request at a time, interleaved`);
  console.log('| case | n | p50 | p90 | p99 |');
  console.log('|---|---|---|---|---|');
  for (const [name, { n, p50, p90, p99 }] of Object.entries(results)) console.log(`| ${name} | ${n} | ${formatMs(p50)} | ${formatMs(p90)} | ${formatMs(p99)} |`);
  console.log(`/ask JSON p50 ÷ /v1/search p50: ${(json / search).toFixed(2)}× (goal ≤ 1.2×) ${json / search <= 1.2 ? 'PASS' : 'MISS'}`);
  console.log(`first result event p50 ÷ /ask JSON p50: ${(first / json).toFixed(2)}× (goal ≤ 1×) ${first <= json ? 'PASS' : 'MISS'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--url');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: node scripts/bench/ask.mjs --url <base URL of a server with RATE_LIMIT_PER_MINUTE=0>');
    process.exit(2);
  }
  printAsk(await measureAsk(process.argv[at + 1].replace(/\/$/, '')));
}
