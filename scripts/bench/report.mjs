// The runner's printing (scripts/bench/run.mjs): its preamble, the table of cases (a)-(d) with their ratios and
// verdicts, the details, goals, notes and command lines, the memory soak's table (e) and the dev loop's (j).
// Nothing here measures: each function formats what it is given.
import { cpus } from 'node:os';
import { commandLine, hasProcStat, hasTaskset, loadCore, serverCore } from './processes.mjs';

export const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const fmt = {
  rps: (value) => value.toFixed(0),
  ms: (value) => (Number.isFinite(value) ? value.toFixed(2) : '—'),
  ratio: (value) => `${value.toFixed(2)}×`,
};

function table(headers, rows, align) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i] ?? '').length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (align[i] === 'r' ? String(cell ?? '').padStart(widths[i]) : String(cell ?? '').padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The lines printed before anything runs: versions, core pinning, the load settings. */
export function printPreamble({ nextVersion, autocannonVersion, redisVersion, tasksetVersion, settings }) {
  console.log('layer site benchmarks');
  console.log(`node ${process.version}, next ${nextVersion}, autocannon ${autocannonVersion}, ${redisVersion.split(' ').slice(0, 3).join(' ')}, ${tasksetVersion}`);
  if (hasTaskset) {
    console.log(`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}): every server under test runs on core ${serverCore} (taskset -c ${serverCore});`);
    console.log(`the load generator (autocannon), redis-server and the Upstash bridge run on core ${loadCore} (taskset -c ${loadCore}).`);
  } else {
    console.log(`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}). NOTE: no taskset on this platform (${process.platform}), so servers and load generator`);
    console.log('are NOT pinned to separate cores and share the CPU as the OS schedules them: ratios are noisier than on Linux.');
  }
  if (!hasProcStat) console.log('NOTE: no /proc here: the per-core busy and "other" columns are not measured (shown as 0) and disturbed runs are not repeated.');
  console.log(
    `Each case: ${settings.warmup} s warm-up, then ${settings.duration} s measured in ${settings.rounds} interleaved rounds of ` +
      `${settings.duration / settings.rounds} s (each after ${settings.runWarmup} s of unmeasured load), ${settings.connections} connections unless noted.`,
  );
  if (settings.profile) console.log('--cpu-prof: every Next server runs under the V8 profiler; the numbers are slower than normal.');
  console.log('');
}

/**
 * Cases (a)-(d): RESULTS, DETAILS, GOALS, NOTES and COMMANDS from runLoadCases' answer; answers the specs whose
 * measurement is invalid (non-2xx, errors or timeouts under load).
 */
export function printLoadReport({ specs, r, connections: c, retried, retryAbovePct, bridgeCounts, upstashRequests, upstashOutput, distDir, records }) {
  // The main table: every case, its baseline ratio and verdict.
  const rows = [];
  const goals = [];
  const add = (id, comparisons = []) => {
    const spec = specs.find((s) => s.id === id);
    const m = r[id];
    const first = comparisons[0];
    rows.push([spec.what, spec.connections, fmt.rps(m.rps), fmt.ms(m.p50), fmt.ms(m.p99), ...(first ?? ['', '', '', ''])]);
    for (const extra of comparisons.slice(1)) rows.push(['', '', '', '', '', ...extra]);
  };
  const verdict = (pass) => (pass ? 'PASS' : 'MISS');
  const compare = (label, ratio, goal, pass) => {
    if (goal) goals.push({ label, ratio, goal, pass });
    return [label, fmt.ratio(ratio), goal ?? 'report', goal ? verdict(pass) : '—'];
  };

  const aFloor = r['a.rooms'].rps / r['a.floor'].rps;
  const aNode = r['a.rooms'].rps / r['a.node'].rps;
  const bRatio = r['b.on'].rps / r['b.off'].rps;
  const cRatio = r['c.upstash'].rps / r['b.on'].rps;
  const dRps = r['d.v1'].rps / r['d.stock'].rps;
  const dP99 = r['d.v1'].p99 / r['d.stock'].p99;

  add('a.floor', [compare('req/s vs node:http', r['a.floor'].rps / r['a.node'].rps)]);
  add('a.rooms', [
    compare('(a) req/s vs /bench/floor', aFloor, '≥ 0.80×', aFloor >= 0.8),
    compare('(a) req/s vs node:http', aNode),
  ]);
  add('a.node');
  add('b.on', [compare('(b) req/s vs limiter off', bRatio, '≥ 0.95×', bRatio >= 0.95)]);
  add('b.off');
  add('c.upstash', [
    compare('(c) req/s vs memory limiter', cRatio),
    [`(c) p50 +${fmt.ms(r['c.upstash'].p50 - r['b.on'].p50)} ms vs memory`, '', 'report', '—'],
  ]);
  add('c.memory1');
  add('c.upstash1', [
    compare('(c) req/s vs memory, 1 conn', r['c.upstash1'].rps / r['c.memory1'].rps),
    [`(c) p50 +${fmt.ms(r['c.upstash1'].p50 - r['c.memory1'].p50)} ms vs memory`, '', 'report', '—'],
  ]);
  add('d.v1', [
    compare('(d) req/s vs Fumadocs stock', dRps, '≥ 1.50×', dRps >= 1.5),
    compare('(d) p99 vs Fumadocs stock', dP99, '≤ 1.00×', dP99 <= 1),
  ]);
  add('d.stock');
  const dRooms = r['d.v1'].rps / r['d.rooms'].rps;
  const dRoomsOff = r['d.v1.off'].rps / r['d.rooms.off'].rps;
  const recording = r['d.v1'].rps / r['d.v1.off'].rps;
  add('d.rooms', [compare('(d) /v1/search req/s ÷ the cheapest read, recording on', dRooms, '≥ 0.80×', dRooms >= 0.8)]);
  add('d.v1.off', [compare('(d) /v1/search req/s, recording on ÷ off', recording, '≥ 0.95×', recording >= 0.95)]);
  add('d.rooms.off', [compare('(d) /v1/search req/s ÷ the cheapest read, recording off', dRoomsOff)]);
  // OpenTelemetry (/docs/operate/telemetry): with no endpoint no SDK is loaded (d.v1 above); exporting every request's spans costs at most 10 %.
  const otelRooms = r['d.v1.otel'].rps / r['d.rooms.otel'].rps;
  const otelCost = r['d.v1.otel'].rps / r['d.v1'].rps;
  // The issue's measure: search ÷ the cheapest read keeps within 10 % of its value with no endpoint. The
  // absolute one below also counts the cost every request bears alike (a span per request, the context manager).
  const otelRelative = otelRooms / dRooms;
  add('d.rooms.otel', [
    compare('(d) /v1/search req/s ÷ the cheapest read, OpenTelemetry exporting', otelRooms),
    compare('(d) that ratio, OpenTelemetry exporting ÷ no endpoint', otelRelative, '≥ 0.90×', otelRelative >= 0.9),
  ]);
  add('d.v1.otel', [compare('(d) /v1/search req/s, OpenTelemetry exporting ÷ no endpoint', otelCost, '≥ 0.90×', otelCost >= 0.9)]);

  console.log('RESULTS (req/s = 2xx answers per second, median of the rounds; p50/p99 = response time in ms over all measured requests of all rounds)');
  console.log(table(['case', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'against baseline', 'ratio', 'goal', 'verdict'], rows, ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'l']));

  console.log(
    '\nDETAILS (spread = half the range of the per-round req/s over their mean; core N busy % = share of the core busy during the measured ' +
      'runs, "other" = the part used by processes this benchmark did not start; loadgen % = autocannon\'s own CPU; bytes/resp on the wire, headers included)',
  );
  console.log(
    table(
      ['case', 'rounds req/s', 'spread', 'bytes/resp', `core${serverCore} busy %`, 'other', `core${loadCore} busy %`, 'other', 'loadgen %', 'non-2xx/errors'],
      specs.map((spec) => {
        const m = r[spec.id];
        return [spec.id, m.perRound.map(fmt.rps).join(' / '), `±${m.spreadPct.toFixed(1)}%`, m.bytes, m.core0, m.core0Other, m.core1, m.core1Other, m.loadgen, m.bad];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );

  console.log('\nGOALS');
  for (const goal of goals) console.log(`  ${goal.pass ? 'PASS' : 'MISS'}  ${goal.label}: ${fmt.ratio(goal.ratio)} (goal ${goal.goal})`);
  console.log(
    `  info  (c) Upstash adds ${fmt.ms(r['c.upstash1'].p50 - r['c.memory1'].p50)} ms to p50 unloaded (1 connection) and ` +
      `${fmt.ms(r['c.upstash'].p50 - r['b.on'].p50)} ms at ${c} connections; throughput ${fmt.rps(r['c.upstash'].rps)} vs ${fmt.rps(r['b.on'].rps)} req/s (${fmt.ratio(cRatio)})`,
  );

  // Notes on the validity of what was measured.
  const notes = [];
  if (retried > 0) notes.push(`${retried} run(s) were repeated because other processes used more than ${retryAbovePct}% of a core during them`);
  const invalid = specs.filter((spec) => r[spec.id].bad > 0);
  for (const spec of invalid) notes.push(`INVALID ${spec.id}: ${r[spec.id].bad} non-2xx/errors/timeouts under load (status codes ${JSON.stringify(r[spec.id].statusCodes)})`);
  notes.push(`the Upstash bridge served ${bridgeCounts.during} Redis calls for ${upstashRequests} requests to the Upstash server (warm-ups included; about one EVALSHA per request is expected)`);
  if (/rate limiter unavailable/.test(upstashOutput)) {
    notes.push('WARNING: the Upstash server logged "rate limiter unavailable" (fail open): some (c) requests skipped Redis after 250 ms');
  }
  // The node:http floor does the least work per request, so its spread is the machine's own
  // unsteadiness (a busy host shows up here even when nothing else runs in this VM).
  const steadiness = r['a.node'].spreadPct;
  notes.push(
    steadiness > 15
      ? `WARNING: the machine itself was unsteady: the bare node:http floor varied ±${steadiness.toFixed(0)}% between rounds; ratios within ~10% of a goal are not decisive, run again`
      : `the bare node:http floor varied ±${steadiness.toFixed(0)}% between rounds (the machine's own steadiness)`,
  );
  for (const spec of hasProcStat ? specs : []) {
    const m = r[spec.id];
    if (m.core0Other > 5 || m.core1Other > 5) {
      notes.push(`WARNING ${spec.id}: other processes used ${m.core0Other}% of core ${serverCore} and ${m.core1Other}% of core ${loadCore}; this case is unreliable`);
    }
    if (spec.connections > 1 && m.core0Other <= 5 && m.core0 - m.core0Other < 90) notes.push(`${spec.id}: the server used only ${m.core0 - m.core0Other}% of core ${serverCore}; it was not saturated`);
    if (m.core1 - m.core1Other > 90) notes.push(`${spec.id}: the load side used ${m.core1 - m.core1Other}% of core ${loadCore}; the load generator may have been the bottleneck`);
  }
  console.log(`\nNOTES\n${notes.map((note) => `- ${note}`).join('\n')}`);

  console.log('\nCOMMANDS (as run; ports are picked free per run)');
  console.log(`  build: ${commandLine({ NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' }, ['node_modules/.bin/next', 'build'])}  (only when stale)`);
  const inherited = (command) => command.replace(process.execPath, 'node');
  for (const record of records) {
    console.log(`  ${record.name}: ${inherited(record.command)}`);
  }
  for (const spec of specs) console.log(`  load ${spec.id} (round 1): ${r[spec.id].command}`);
  return invalid;
}

/** Case (e): the table of the soaks and the command lines they ran. */
export function printSoakReport({ rows, commands, heapMiB }) {
  console.log('\nMEMORY SOAK (RSS in MiB; before = after the warm-up, after = 5 s after the load stopped; samples every 5 s during the load)');
  console.log(table(['case', 'req/s', 'requests', 'non-2xx/errors', 'before', 'peak', 'after', 'growth MiB', 'samples'], rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l']));
  console.log(
    `The uncapped servers' growth is garbage V8 has not yet collected (its default old-space limit is a share of the machine's memory); the capped ones (old space ≤ ${heapMiB} MiB) show what is kept, and a server that kept something unbounded would have died there.`,
  );
  console.log(`\nCOMMANDS (e)\n${commands.join('\n')}`);
}

/**
 * Case (j) (dev-loop.mjs): ours beside stock, each a list of runs as measureDev answers them; each figure the median
 * of the runs', every run's listed beside it.
 */
export function printDevLoop(ours, stock, { versions, creator, pagePath, stockDoor, seenMs, variant }) {
  const ms = (value) => (value === undefined ? 'not seen' : `${value.toFixed(0)} ms`);
  const list = (values) => values.map((value) => (value === undefined ? '—' : value.toFixed(0))).join(' / ');
  const ratio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
  const runs = ours.length;
  const goals = [];
  const row = (figure, a, b, goal, pass, detail = '') => {
    if (goal) goals.push({ figure, goal, pass, value: ratio(a, b) });
    return [figure, ms(a), ms(b), ratio(a, b), goal ?? 'report', goal ? (pass ? 'PASS' : 'MISS') : '—', detail];
  };
  /** A figure of each run, the median of the runs, and the runs listed. */
  const figure = (pick) => {
    const [a, b] = [ours.map(pick), stock.map(pick)];
    return { ours: median(a), stock: median(b), detail: `ours ${list(a)}; stock ${list(b)}` };
  };
  // A figure missing in a run (a search door that never saw its edit) leaves the median undefined.
  const medianSeen = (values) => (values.includes(undefined) ? undefined : median(values));
  const first = figure((run) => run.firstPageMs);
  const warm = figure((run) => median(run.warmMs));
  const edit = figure((run) => median(run.editMs));
  const ofRuns = runs === 1 ? '' : `, median of ${runs} runs`;
  const last = (runsOf) => runsOf[runsOf.length - 1];
  const stockSearchRuns = stock.map((run) => Object.values(run.search)[0]);
  const stockSearch = medianSeen(stockSearchRuns);
  // Not a goal: the warm GETs' CPU, the rendering thread's apart from Next's per-request worker (README, case (j));
  // left out when a run could not read /proc.
  const warmCpuRows = [...ours, ...stock].every((run) => run.warmCpu?.renderMs !== undefined && run.warmCpu?.groupMs !== undefined)
    ? (() => {
        const thread = figure((run) => run.warmCpu.renderMs);
        const group = figure((run) => run.warmCpu.groupMs);
        const both = (a, b) => `${a.toFixed(0)} ms (${b.toFixed(0)})`;
        return [[`CPU a warm GET: the rendering thread (all processes)${ofRuns}`, both(thread.ours, group.ours), both(thread.stock, group.stock), ratio(thread.ours, thread.stock), 'report', '—', `thread: ${thread.detail}; all: ${group.detail}`]];
      })()
    : [];
  const rows = [
    row(`first docs page after start${ofRuns}`, first.ours, first.stock, '≤ 1.00×', first.ours <= first.stock, runs === 1 ? '' : first.detail),
    row(`warm re-render (median of ${last(ours).warmMs.length} GETs${ofRuns})`, warm.ours, warm.stock, '≤ 1.00×', warm.ours <= warm.stock, runs === 1 ? `ours ${list(ours[0].warmMs)}; stock ${list(stock[0].warmMs)}` : warm.detail),
    row(`MDX edit until visible (median of ${last(ours).editMs.length} edits${ofRuns})`, edit.ours, edit.stock, '≤ 1.00×', edit.ours <= edit.stock, runs === 1 ? `ours ${list(ours[0].editMs)}; stock ${list(stock[0].editMs)}` : edit.detail),
    ...warmCpuRows,
    [
      'what the page renders (HTML, elements)',
      `${last(ours).rendered.kib.toFixed(0)} KiB, ${last(ours).rendered.elements}`,
      `${last(stock).rendered.kib.toFixed(0)} KiB, ${last(stock).rendered.elements}`,
      `${(last(ours).rendered.elements / last(stock).rendered.elements).toFixed(2)}× elements`,
      'report',
      '—',
      'elements: start tags outside inline scripts',
    ],
  ];
  for (const label of Object.keys(last(ours).search)) {
    const seen = ours.map((run) => run.search[label]);
    const value = medianSeen(seen);
    const pass = seen.every((ms) => ms !== undefined);
    rows.push([`search sees the edit: ours ${label}`, ms(value), `${ms(stockSearch)} (${stockDoor})`, ratio(value, stockSearch), 'ours yes', pass ? 'PASS' : 'MISS', `from the write until the answer holds the word${runs === 1 ? '' : `; ours ${list(seen)}; stock ${list(stockSearchRuns)}`}`]);
    goals.push({ figure: `search sees the edit (${label})`, goal: 'yes', pass, value: pass ? `yes, ${ms(value)}` : 'no' });
  }
  console.log(`\n(j) DEV LOOP (ours = this site's next dev, stock = ${creator} template with next ${versions.next}, fumadocs-core ${versions['fumadocs-core']}, fumadocs-ui ${versions['fumadocs-ui']}, fumadocs-mdx ${versions['fumadocs-mdx']}; ${pagePath}; ${variant ?? 'stock given content/docs as it is, the site\'s own elements as stubs'}${runs === 1 ? '' : `; ${runs} runs, each figure the median of the runs'`})`);
  console.log(table(['figure', 'ours', 'stock', 'ours ÷ stock', 'goal', 'verdict', 'runs (ms)'], rows, ['l', 'r', 'r', 'r', 'l', 'l', 'l']));
  if (hasProcStat) {
    const other = (runsOf) => runsOf.map((run) => `${run.cpu.otherPct}%`).join(' / ');
    const busy = (runsOf) => runsOf.map((run) => `${run.cpu.busyPct}%`).join(' / ');
    console.log(`core ${serverCore} while each server ran: ours ${busy(ours)} busy (other processes ${other(ours)}), stock ${busy(stock)} busy (other processes ${other(stock)})`);
    if (Math.max(...ours.map((run) => run.cpu.otherPct), ...stock.map((run) => run.cpu.otherPct)) > 10) console.log(`WARNING: other processes took more than 10% of core ${serverCore} during a run; ratios near a goal are not decisive, run again on a quieter machine`);
  }
  console.log(`\n(j) GOALS${variant ? ` (${variant})` : ''}`);
  for (const goal of goals) console.log(`  ${goal.pass ? 'PASS' : 'MISS'}  ${goal.figure}: ${goal.value} (goal ${goal.goal})`);
  console.log(`  info  stock's ${stockDoor} ${stockSearch === undefined ? `did not find the edit within ${seenMs / 1000} s in every run` : `found the edit after ${ms(stockSearch)}`}`);
  console.log(`\n(j) COMMANDS (last run)\n  ours: ${last(ours).command}\n  stock: ${last(stock).command}`);
}
