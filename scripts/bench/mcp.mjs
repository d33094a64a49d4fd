#!/usr/bin/env node
// The MCP door (printed as "(g) MCP"): `tools/call search_docs` beside /v1/search for the same query, and
// `tools/list`, interleaved. Imported by run.mjs; alone: `node scripts/bench/mcp.mjs --url <base>`
// (a server with RATE_LIMIT_PER_MINUTE=0 or a limit above the requests sent).
import { fileURLToPath } from 'node:url';
import { formatMs, interleaved, timed } from './latency.mjs';

const query = 'wallpaper glow';
const limit = 10;
const goal = 1.5;

const rpc = (method, params) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
});
const searchCall = rpc('tools/call', { name: 'search_docs', arguments: { query, limit } });

/** Before timing anything: the tool answers what /v1/search answers, so the two cases do the same work. */
async function sameAnswer(base) {
  const rest = await (await fetch(`${base}/v1/search?q=${encodeURIComponent(query)}&limit=${limit}`)).json();
  const { result } = await (await fetch(`${base}/mcp`, searchCall)).json();
  if (result?.isError || JSON.stringify(result?.structuredContent) !== JSON.stringify(rest)) {
    throw new Error(`tools/call search_docs does not answer what /v1/search answers: ${JSON.stringify(result).slice(0, 300)}`);
  }
  if (rest.results.length === 0) throw new Error(`"${query}" finds nothing: the comparison would time an empty search`);
}

export async function measureMcp(base, options = {}) {
  await sameAnswer(base);
  return interleaved(
    {
      '/v1/search': timed(`${base}/v1/search?q=${encodeURIComponent(query)}&limit=${limit}`),
      'tools/call search_docs': timed(`${base}/mcp`, searchCall),
      'tools/list': timed(`${base}/mcp`, rpc('tools/list')),
    },
    options,
  );
}

export function printMcp(results) {
  const search = results['/v1/search'].p50;
  const call = results['tools/call search_docs'].p50;
  console.log(`\n(g) MCP beside /v1/search, the same query ("${query}", ${limit} hits), one request at a time, interleaved`);
  console.log('| case | n | p50 | p90 | p99 |');
  console.log('|---|---|---|---|---|');
  for (const [name, { n, p50, p90, p99 }] of Object.entries(results)) console.log(`| ${name} | ${n} | ${formatMs(p50)} | ${formatMs(p90)} | ${formatMs(p99)} |`);
  console.log(`tools/call search_docs p50 ÷ /v1/search p50: ${(call / search).toFixed(2)}× (goal ≤ ${goal}×) ${call / search <= goal ? 'PASS' : 'MISS'}`);
  console.log(`tools/list p50: ${formatMs(results['tools/list'].p50)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--url');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: node scripts/bench/mcp.mjs --url <base URL of a server with RATE_LIMIT_PER_MINUTE=0>');
    process.exit(2);
  }
  printMcp(await measureMcp(process.argv[at + 1].replace(/\/$/, '')));
}
