// The load generator: autocannon with a warm-up, then a measured run recording every 2xx response time itself,
// since autocannon's histogram keeps whole milliseconds only. Several URLs (one origin) are cycled per connection.
// Prints one JSON line: totals, latencies, and each core's busy share split into ours (`--ours`) and other.
//
//   node scripts/bench/load.mjs --connections 32 --duration 5 --warmup 3 <url> [<url> ...]
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { coreTimes } from './cpu.mjs';

function parseArgs(argv) {
  const options = { connections: 32, duration: 10, warmup: 3, urls: [], ours: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--connections' || arg === '-c') options.connections = Number(argv[++i]);
    else if (arg === '--duration' || arg === '-d') options.duration = Number(argv[++i]);
    else if (arg === '--warmup' || arg === '-w') options.warmup = Number(argv[++i]);
    else if (arg === '--ours') {
      const [core, pid] = String(argv[++i]).split(':').map(Number);
      options.ours.push({ core, pid });
    }
    else options.urls.push(arg);
  }
  if (options.urls.length === 0 || !(options.connections > 0) || !(options.duration > 0) || !(options.warmup >= 0)) {
    console.error('usage: node scripts/bench/load.mjs --connections <n> --duration <s> --warmup <s> [--ours <core>:<pid> ...] <url> [<url> ...]');
    process.exit(2);
  }
  return options;
}

/** CPU time (clock ticks, all threads) of a process, 0 when it is gone. */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0;
  }
}

/** The single core this process is pinned to, if it is pinned to one (Linux only). */
function ownCore() {
  if (!existsSync('/proc/self/status')) return undefined;
  const match = /Cpus_allowed_list:\s*(\d+)\s*$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : undefined;
}

function sampleOurs(ours) {
  return ours.map(({ core, pid }) => ({ core, pid, ticks: processTicks(pid) }));
}

function busyShare(before, after, oursBefore, oursAfter) {
  const out = {};
  for (const core of Object.keys(after)) {
    const total = after[core].total - before[core].total;
    const busy = after[core].busy - before[core].busy;
    let ours = 0;
    oursAfter.forEach((sample, i) => {
      if (String(sample.core) === core) ours += Math.max(0, sample.ticks - oursBefore[i].ticks);
    });
    const pct = (ticks) => (total > 0 ? Math.round((100 * ticks) / total) : 0);
    out[core] = { busy: pct(busy), ours: pct(Math.min(busy, ours)), other: pct(Math.max(0, busy - ours)) };
  }
  return out;
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    options.onInstance?.(instance);
  });
}

const options = parseArgs(process.argv.slice(2));
const first = new URL(options.urls[0]);
const base = {
  url: first.origin,
  connections: options.connections,
  timeout: 10,
  requests: options.urls.map((url) => {
    const parsed = new URL(url);
    if (parsed.origin !== first.origin) throw new Error('all URLs must share one origin');
    return { method: 'GET', path: parsed.pathname + parsed.search };
  }),
};

const warm = options.warmup > 0 ? await run({ ...base, duration: options.warmup }) : undefined;

const self = ownCore();
const ours = self === undefined ? options.ours : [...options.ours, { core: self, pid: process.pid }];
const latencies = [];
const oursBefore = sampleOurs(ours);
const before = coreTimes();
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
const result = await run({
  ...base,
  duration: options.duration,
  onInstance(instance) {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  },
});
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(cpuBefore);
const after = coreTimes();
const oursAfter = sampleOurs(ours);

const okCount = result['2xx'];
console.log(
  JSON.stringify({
    urls: options.urls,
    connections: options.connections,
    duration_s: result.duration,
    requests: result.requests.total,
    warmup_requests: warm ? warm.requests.total : 0,
    ok: okCount,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    status_codes: result.statusCodeStats,
    bytes_per_response: okCount > 0 ? Math.round(result.throughput.total / okCount) : 0,
    latencies_ms: latencies.map((value) => Math.round(value * 1000) / 1000),
    cores_pct: busyShare(before, after, oursBefore, oursAfter),
    loadgen_cpu_pct: Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100),
  }),
);
