// Case (e)'s memory soak: a steady mixed load on one `next start` that touches every in-memory structure (a new
// client address, Idempotency-Key and release tag per request, so the server needs TRUST_PROXY_HOPS=1), RSS read
// before, during and after. Used by run.mjs; as a program it prints one JSON line:
//
//   node scripts/bench/soak.mjs --url http://127.0.0.1:3000 --pid <server pid> [--jobs] [--seconds 60] [--rate 1000]
//   node scripts/bench/soak.mjs --code-host   (the stand-in code host; prints { url })
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startStubCodeHost } from './stub-code-host.mjs';

const mib = (kib) => Math.round((kib / 1024) * 10) / 10;

/** Resident set size of `pid` in KiB: /proc/<pid>/status VmRSS on Linux, `ps -o rss=` elsewhere. */
export function rssKiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // not Linux, or the process is gone
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}


const queries = ['wallpaper', 'glow spread', 'accordionPadding', 'theme accent', 'homebrew cleanup', 'display arrangement'];

/** The i-th request of the mix: method, path, headers, body. */
function mixRequest(i, withJobs) {
  const client = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const headers = { 'x-forwarded-for': client };
  const json = (body) => ({ ...headers, 'content-type': 'application/json', body: JSON.stringify(body) });
  const slot = i % 10;
  if (withJobs && slot === 9) {
    const { body, ...rest } = json({ operations: [{ kind: 'install', desktop: 'hacker' }, { kind: 'search', q: queries[i % queries.length] }] });
    return { method: 'POST', path: '/v1/jobs', headers: rest, body };
  }
  switch (slot) {
    case 0:
    case 1:
      return { method: 'GET', path: '/v1/rooms', headers };
    case 2:
    case 3:
      return { method: 'GET', path: `/v1/search?q=${encodeURIComponent(queries[i % queries.length])}`, headers };
    case 4:
      return { method: 'GET', path: i % 20 < 10 ? '/v1/releases/pounce' : '/api/release/perch', headers };
    case 5:
      return { method: 'GET', path: '/v1/desktops', headers };
    case 6:
      // A new release tag each time: every request misses the installer cache once.
      return { method: 'GET', path: `/hacker.sh?ref=v2026.01.01-${i}`, headers };
    case 7:
    case 8:
    case 9: {
      const { body, ...rest } = json({ operations: [{ kind: 'install', desktop: 'minimal' }, { kind: 'search', q: queries[i % queries.length] }] });
      return { method: 'POST', path: '/v1/batch', headers: { ...rest, 'idempotency-key': `soak-${i}` }, body };
    }
  }
  throw new Error('unreachable');
}

/** The mix at `rate` req/s for `seconds`, RSS of `pid` sampled throughout and read again `settleSeconds` after. */
async function runSoak({ url, pid, withJobs = false, seconds = 60, rate = 1000, connections = 32, sampleEverySeconds = 5, settleSeconds = 5 }) {
  const before = rssKiB(pid);
  const samples = [];
  const sampler = setInterval(() => samples.push(rssKiB(pid)), sampleEverySeconds * 1000);
  let counter = 0;
  const result = await autocannon({
    url,
    connections,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        setupRequest(request) {
          const next = mixRequest(counter++, withJobs);
          return { ...request, method: next.method, path: next.path, headers: next.headers, body: next.body };
        },
      },
    ],
  });
  clearInterval(sampler);
  const atEnd = rssKiB(pid);
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  const after = rssKiB(pid);
  return {
    withJobs,
    seconds,
    rate,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    status: { '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    rssMiB: { before: mib(before), peak: mib(Math.max(before, atEnd, ...samples)), atEnd: mib(atEnd), after: mib(after) },
    samplesMiB: samples.map(mib),
  };
}

function argValue(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--code-host')) {
  const host = await startStubCodeHost({ etag: 'soak' });
  console.log(JSON.stringify({ url: host.url }));
  const stop = () => host.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = argValue('--url');
  const pid = Number(argValue('--pid'));
  if (!url || !Number.isInteger(pid)) {
    console.error('usage: node scripts/bench/soak.mjs --url <server url> --pid <server pid> [--jobs] [--seconds 60] [--rate 1000] | --code-host');
    process.exit(2);
  }
  const outcome = await runSoak({
    url,
    pid,
    withJobs: process.argv.includes('--jobs'),
    seconds: Number(argValue('--seconds') ?? 60),
    rate: Number(argValue('--rate') ?? 1000),
  });
  console.log(JSON.stringify(outcome));
}
