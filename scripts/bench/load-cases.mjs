// The runner's cases under load (scripts/bench/run.mjs): (a)-(d), servers started up front, checked, warmed up and
// measured in interleaved rounds by the load generator (load.mjs, one child per run); and (e), the memory soaks
// (soak.mjs). Printing is in report.mjs; child processes in processes.mjs.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { aggregate, announced, loadCore, runLoad, runSoakProgram, serverCore, SetupError, spawnPinned, startRedis, stop } from './processes.mjs';
import { fmt, printSoakReport } from './report.mjs';

/** A rate limit no run reaches: the limiter runs on every request and answers nothing with 429. */
export const hugeLimit = '1000000000';
const queries = ['wallpaper', 'glow spread', 'accordionPadding', 'theme accent', 'homebrew cleanup', 'display arrangement'];
const roomsPath = '/v1/rooms?sandbox=true';

async function fetchBytes(url) {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function bridgeRequests(bridgeUrl) {
  const response = await fetch(`${bridgeUrl}/__bench/stats`);
  return (await response.json()).requests;
}

/**
 * Cases (a)-(d): their servers (and Redis behind the Upstash bridge), preflight checks, warm-up and interleaved rounds.
 * Answers what printLoadReport needs, and the search server's URL for the cases measured one request at a time.
 */
export async function runLoadCases({ settings, startNext, scratch, profileDir }) {
  // Servers. All are started up front and measured one at a time; an idle server costs nothing.
  const redis = await startRedis(scratch);
  const token = randomBytes(16).toString('hex');
  const bridgeRecord = spawnPinned('upstash-bridge', loadCore, process.execPath, [
    'scripts/bench/upstash-bridge.mjs', '--redis-port', String(redis.port), '--token', token,
  ]);
  const bridgeUrl = (await announced(bridgeRecord)).url;

  // One server per comparison group, so servers compared with each other have served the same
  // traffic: a process that also holds the search indexes has a bigger heap and slower GC.
  const profiled = (slug) => (profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, slug)}`] : []);
  const serverA = await startNext('(a) floor + rooms, memory limiter', { RATE_LIMIT_PER_MINUTE: hugeLimit }, profiled('a'));
  const limiterOn = await startNext('(b,c) rooms only, memory limiter on', { RATE_LIMIT_PER_MINUTE: hugeLimit }, profiled('limiter-on'));
  const limiterOff = await startNext('(b) rooms only, limiter off', { RATE_LIMIT_PER_MINUTE: '0' }, profiled('limiter-off'));
  const upstash = await startNext(
    '(c) rooms only, Upstash limiter via bridge',
    { RATE_LIMIT_PER_MINUTE: hugeLimit, UPSTASH_REDIS_REST_URL: bridgeUrl, UPSTASH_REDIS_REST_TOKEN: token },
    profiled('upstash'),
  );
  // Search insights record every search after its answer (lib/insights): on here, as by default, and off beside it.
  const serverD = await startNext('(d) search routes, insights recording on', { RATE_LIMIT_PER_MINUTE: hugeLimit, INSIGHTS_TOKEN: token }, profiled('search'));
  const serverDOff = await startNext('(d) search routes, recording off', { RATE_LIMIT_PER_MINUTE: hugeLimit, INSIGHTS_TOKEN: token, INSIGHTS_RECORDING: 'off' }, profiled('search-off'));
  // OpenTelemetry exporting every request's spans and the metrics to an OTLP/HTTP sink in this process
  // (/docs/operate/telemetry); serverD, with no endpoint, loads no SDK.
  const sinkStats = { requests: 0, bytes: 0 };
  const sink = createServer((request, response) => {
    request.on('data', (chunk) => (sinkStats.bytes += chunk.length));
    request.on('end', () => {
      sinkStats.requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
    OTEL_TRACES_SAMPLER: 'always_on',
    OTEL_METRIC_EXPORT_INTERVAL: '5000',
  };
  const serverDTraced = await startNext('(d) search routes, OpenTelemetry exporting', { RATE_LIMIT_PER_MINUTE: hugeLimit, INSIGHTS_TOKEN: token, ...otel }, profiled('search-otel'));
  const nextServers = [serverA, limiterOn, limiterOff, upstash, serverD, serverDOff, serverDTraced];

  // Preflight: the bodies compared are byte-identical, and each server runs the limiter it should.
  const floor = await fetchBytes(`${serverA.url}/bench/floor`);
  if (floor.status !== 200) throw new SetupError(`/bench/floor answered ${floor.status}`);
  const bodyFile = path.join(scratch, 'floor.json');
  writeFileSync(bodyFile, floor.body);
  const nodeRecord = spawnPinned('node:http floor', serverCore, process.execPath, ['scripts/bench/node-floor.mjs', bodyFile]);
  const nodeFloor = { name: 'node:http', url: (await announced(nodeRecord)).url, record: nodeRecord };

  const checks = [];
  for (const server of nextServers) {
    const before = await bridgeRequests(bridgeUrl);
    const rooms = await fetchBytes(server.url + roomsPath);
    const after = await bridgeRequests(bridgeUrl);
    if (rooms.status !== 200) throw new SetupError(`${roomsPath} on the ${server.name} server answered ${rooms.status}: ${rooms.body}`);
    if (!rooms.body.equals(floor.body)) {
      throw new SetupError(`${roomsPath} (${server.name}) and /bench/floor bodies differ:\n${rooms.body}\n${floor.body}`);
    }
    const limit = rooms.headers.get('ratelimit-limit');
    const expectLimiter = server !== limiterOff;
    if (expectLimiter ? limit !== hugeLimit : limit !== null) {
      throw new SetupError(`the ${server.name} server answered RateLimit-Limit ${limit}; expected ${expectLimiter ? hugeLimit : 'none'}`);
    }
    const viaRedis = after > before;
    if (viaRedis !== (server === upstash)) {
      throw new SetupError(`the ${server.name} server ${viaRedis ? 'called' : 'did not call'} the Upstash bridge`);
    }
  }
  checks.push(`${roomsPath} body is byte-identical to /bench/floor on all ${nextServers.length} Next servers (${floor.body.length} bytes)`);
  checks.push('RateLimit-Limit: 1000000000 on the limiter-on and Upstash servers, no RateLimit headers with RATE_LIMIT_PER_MINUTE=0');
  checks.push('the Upstash server\'s limiter calls the bridge (its request counter moves), the memory servers\' do not');
  const nodeBody = await fetchBytes(nodeFloor.url);
  if (!nodeBody.body.equals(floor.body)) throw new SetupError('the node:http floor does not serve the /bench/floor bytes');
  checks.push('the node:http floor serves the same bytes');

  const searchLines = [];
  for (const q of queries) {
    const ours = await fetchBytes(`${serverD.url}/v1/search?q=${encodeURIComponent(q)}`);
    const stock = await fetchBytes(`${serverD.url}/bench/fumadocs-search?query=${encodeURIComponent(q)}`);
    if (ours.status !== 200 || stock.status !== 200) {
      throw new SetupError(`search preflight for ${JSON.stringify(q)}: /v1/search ${ours.status}, /bench/fumadocs-search ${stock.status}`);
    }
    const oursJson = JSON.parse(ours.body.toString('utf8'));
    const stockJson = JSON.parse(stock.body.toString('utf8'));
    searchLines.push(
      `  ${JSON.stringify(q).padEnd(22)} /v1/search: ${oursJson.results.length} hits on page 1 of ${oursJson.total}, ${ours.body.length} B;` +
        ` /bench/fumadocs-search: ${Array.isArray(stockJson) ? stockJson.length : '?'} entries, ${stock.body.length} B`,
    );
  }
  checks.push(`every query answers 200 on both search routes:\n${searchLines.join('\n')}`);
  const recorded = async (server) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const report = await fetch(`${server.url}/insights.json?days=1`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.json());
    return report.perDay.reduce((sum, day) => sum + Object.values(day.doors).reduce((a, b) => a + b, 0), 0);
  };
  await fetchBytes(`${serverDOff.url}/v1/search?q=wallpaper`);
  const [on, off] = [await recorded(serverD), await recorded(serverDOff)];
  if (on < queries.length || off !== 0) throw new SetupError(`insights recorded ${on} searches with recording on, ${off} with it off`);
  checks.push(`the recording server counted the ${on} searches above in its insights, the other none`);
  await fetchBytes(`${serverDTraced.url}/v1/search?q=wallpaper`);
  for (let wait = 0; sinkStats.requests === 0 && wait < 50; wait++) await new Promise((resolve) => setTimeout(resolve, 200));
  if (sinkStats.requests === 0) throw new SetupError('the OpenTelemetry server exported nothing to the sink');
  checks.push(`the OpenTelemetry server exports to the sink (${sinkStats.requests} export requests so far)`);
  console.log(`preflight:\n${checks.map((check) => `- ${check}`).join('\n')}\n`);

  const c = settings.connections;
  const specs = [
    { id: 'a.floor', what: '(a) GET /bench/floor — Next route, no proxy', target: serverA, paths: ['/bench/floor'], connections: c },
    { id: 'a.rooms', what: `(a) GET ${roomsPath} — full stack, memory limiter`, target: serverA, paths: [roomsPath], connections: c },
    { id: 'a.node', what: '(a) bare node:http, same bytes', target: nodeFloor, paths: ['/'], connections: c },
    { id: 'b.on', what: `(b) GET ${roomsPath} — memory limiter on`, target: limiterOn, paths: [roomsPath], connections: c },
    { id: 'b.off', what: `(b) GET ${roomsPath} — RATE_LIMIT_PER_MINUTE=0`, target: limiterOff, paths: [roomsPath], connections: c },
    { id: 'c.upstash', what: `(c) GET ${roomsPath} — Upstash limiter via bridge`, target: upstash, paths: [roomsPath], connections: c },
    { id: 'c.memory1', what: `(c) GET ${roomsPath} — memory limiter, 1 connection`, target: limiterOn, paths: [roomsPath], connections: 1 },
    { id: 'c.upstash1', what: `(c) GET ${roomsPath} — Upstash limiter, 1 connection`, target: upstash, paths: [roomsPath], connections: 1 },
    { id: 'd.rooms', what: `(d) GET ${roomsPath} — the cheapest read, same server`, target: serverD, paths: [roomsPath], connections: c },
    { id: 'd.v1', what: `(d) GET /v1/search?q= — ${queries.length} rotating queries`, target: serverD, paths: queries.map((q) => `/v1/search?q=${encodeURIComponent(q)}`), connections: c },
    { id: 'd.rooms.off', what: `(d) GET ${roomsPath} — recording off`, target: serverDOff, paths: [roomsPath], connections: c },
    { id: 'd.v1.off', what: '(d) GET /v1/search?q= — insights recording off', target: serverDOff, paths: queries.map((q) => `/v1/search?q=${encodeURIComponent(q)}`), connections: c },
    { id: 'd.rooms.otel', what: `(d) GET ${roomsPath} — OpenTelemetry exporting, every request sampled`, target: serverDTraced, paths: [roomsPath], connections: c },
    { id: 'd.v1.otel', what: '(d) GET /v1/search?q= — OpenTelemetry exporting, every request sampled', target: serverDTraced, paths: queries.map((q) => `/v1/search?q=${encodeURIComponent(q)}`), connections: c },
    // Last in each round: Fumadocs' route leaves its server a heap to collect, which must not land on a case compared with another server's.
    { id: 'd.stock', what: '(d) GET /bench/fumadocs-search?query= — same queries', target: serverD, paths: queries.map((q) => `/bench/fumadocs-search?query=${encodeURIComponent(q)}`), connections: c },
  ];

  // Warm-up: a fresh Next server's req/s climbs for seconds before its JIT settles (README), so every case first gets
  // unmeasured load of its own.
  for (const spec of specs) {
    process.stdout.write(`warm-up ${spec.id.padEnd(11)} ${settings.warmup} s… `);
    const warm = await runLoad({ ...spec, id: `warm-up ${spec.id}` }, settings.warmup, 0);
    if (warm.non2xx + warm.errors + warm.timeouts > 0) {
      throw new SetupError(`warm-up of ${spec.id}: ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.timeouts} timeouts (${JSON.stringify(warm.status_codes)})`);
    }
    console.log(`${fmt.rps(warm.ok / warm.duration_s)} req/s`);
  }

  const runs = new Map(specs.map((spec) => [spec.id, []]));
  const bridgeCounts = { before: await bridgeRequests(bridgeUrl), during: 0 };
  let upstashRequests = 0; // requests sent to the Upstash server while its bridge calls are counted
  const perRound = settings.duration / settings.rounds;
  const maxRetries = 2;
  const retryAbovePct = 10;
  let retriesLeft = 2 * specs.length; // bounds the extra time on a busy machine
  let retried = 0;
  const foreignLoad = (run) => Math.max(run.cores_pct[String(serverCore)]?.other ?? 0, run.cores_pct[String(loadCore)]?.other ?? 0);
  for (let round = 1; round <= settings.rounds; round++) {
    for (const spec of specs) {
      process.stdout.write(`round ${round}/${settings.rounds}: ${spec.id.padEnd(11)} `);
      const isUpstash = spec.target === upstash;
      const before = isUpstash ? await bridgeRequests(bridgeUrl) : 0;
      // On a shared machine, a run during which other processes took a real share of either core
      // is repeated (twice at most); the run with the least foreign load is kept.
      let result;
      for (let attempt = 0; attempt <= maxRetries; attempt++) {
        const candidate = await runLoad(spec, perRound, settings.runWarmup);
        if (isUpstash) upstashRequests += candidate.requests + candidate.warmup_requests;
        if (result === undefined || foreignLoad(candidate) < foreignLoad(result)) result = candidate;
        if (foreignLoad(candidate) <= retryAbovePct || retriesLeft === 0) break;
        retriesLeft -= 1;
        retried += 1;
        process.stdout.write(`(other processes used ${foreignLoad(candidate)}% of a core; again) `);
      }
      if (isUpstash) bridgeCounts.during += (await bridgeRequests(bridgeUrl)) - before;
      runs.get(spec.id).push(result);
      console.log(`${fmt.rps(result.ok / result.duration_s)} req/s${result.non2xx + result.errors + result.timeouts > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : ''}`);
    }
  }
  console.log('');

  const r = Object.fromEntries(specs.map((spec) => [spec.id, aggregate(runs.get(spec.id))]));
  await new Promise((resolve) => sink.close(resolve));
  console.log(`OpenTelemetry sink: ${sinkStats.requests} export requests, ${(sinkStats.bytes / 1e6).toFixed(1)} MB`);
  return {
    specs,
    r,
    connections: c,
    retried,
    retryAbovePct,
    bridgeCounts,
    upstashRequests,
    upstashOutput: upstash.record.stdout + upstash.record.stderr,
    records: [redis.record, bridgeRecord, ...nextServers.map((server) => server.record), nodeRecord],
    searchUrl: serverD.url,
  };
}

// ---------------------------------------------------------------------------
// (e) Memory soak: RSS of a fresh server before and after a steady mixed load (every in-memory structure is bounded).

/**
 * Case (e): four fresh servers soaked (with and without job submissions, each uncapped and with V8's old space capped,
 * since only a capped heap must collect and so shows what the server keeps). Answers the number of invalid soaks.
 */
export async function runSoakCases({ settings, startNext }) {
  const { seconds, rate } = { seconds: settings.soakSeconds, rate: settings.soakRate };
  console.log(`\n(e) memory soak: ${seconds} s at ${rate} req/s per server, RSS from /proc/<pid>/status VmRSS (ps -o rss= elsewhere)`);
  const hostRecord = spawnPinned('stand-in code host', loadCore, process.execPath, ['scripts/bench/soak.mjs', '--code-host']);
  const host = (await announced(hostRecord)).url;
  const rows = [];
  const commands = [`  stand-in code host: ${hostRecord.command.replace(process.execPath, 'node')}`];
  let invalid = 0;
  const heapMiB = settings.soakHeapMiB;
  const variants = [
    { withJobs: false, heapCap: false },
    { withJobs: true, heapCap: false },
    { withJobs: false, heapCap: true },
    { withJobs: true, heapCap: true },
  ];
  for (const { withJobs, heapCap } of variants) {
    const label = `${withJobs ? '(e) soak with job submissions' : '(e) soak: reads, keyed batches, installers'}${heapCap ? `, old space ≤ ${heapMiB} MiB` : ''}`;
    const server = await startNext(label, {
      RATE_LIMIT_PER_MINUTE: hugeLimit,
      TRUST_PROXY_HOPS: '1',
      GITHUB_API_URL: host,
      GITHUB_RAW_URL: host,
      ...(heapCap ? { NODE_OPTIONS: `--max-old-space-size=${heapMiB}` } : {}),
    });
    const pid = server.record.child.pid;
    const jobFlag = withJobs ? ['--jobs'] : [];
    process.stdout.write(`${label}: warm-up ${settings.warmup} s… `);
    await runSoakProgram(`soak warm-up ${withJobs ? 'jobs' : 'plain'}`, ['--url', server.url, '--pid', String(pid), '--seconds', String(settings.warmup), '--rate', String(rate), ...jobFlag], settings.warmup);
    process.stdout.write(`soak ${seconds} s… `);
    const soak = await runSoakProgram(`soak ${withJobs ? 'jobs' : 'plain'}`, ['--url', server.url, '--pid', String(pid), '--seconds', String(seconds), '--rate', String(rate), ...jobFlag], seconds);
    const bad = soak.non2xx + soak.errors + soak.timeouts;
    if (bad > 0) invalid += 1;
    console.log(`${soak.rps} req/s, RSS ${soak.rssMiB.before} → ${soak.rssMiB.after} MiB${bad > 0 ? `  (INVALID: ${soak.non2xx} non-2xx, ${soak.errors} errors, ${soak.timeouts} timeouts)` : ''}`);
    const growth = soak.rssMiB.after - soak.rssMiB.before;
    rows.push([
      label, soak.rps, soak.requests, bad, soak.rssMiB.before, soak.rssMiB.peak, soak.rssMiB.after,
      `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} (${growth >= 0 ? '+' : ''}${((100 * growth) / soak.rssMiB.before).toFixed(0)} %)`,
      soak.samplesMiB.join(' '),
    ]);
    commands.push(`  ${label}: ${server.record.command}`, `  load: ${soak.command}`);
    await stop(server.record);
  }
  await stop(hostRecord);
  printSoakReport({ rows, commands, heapMiB });
  return invalid;
}
