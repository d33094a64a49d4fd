// The fault soak's printed table: each invariant with its counts and PASS or FAIL, the figures behind them (requests
// sent, answers by status, keys, jobs, fail-open counts, recovery times, RSS), then every violation found.
const pass = (result) => (result.violations.length === 0 ? 'PASS' : 'FAIL');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

const tally = (values) => Object.entries(values.reduce((counts, value) => ((counts[value] = (counts[value] ?? 0) + 1), counts), {})).sort(([a], [b]) => a.localeCompare(b));

export function formatReport({ results, faults, entries, seed, seconds: length, rate, limit }) {
  const { answers, idempotency, jobs, rateLimits, failOpen, recovery, memory } = results;
  const id = idempotency.counts;
  const rl = rateLimits.counts;
  const fo = failOpen.counts;
  const sent = entries.filter((entry) => entry.kind !== 'probe');
  const fiveHundreds = tally(entries.filter((entry) => entry.status >= 500).map((entry) => (entry.headers['x-soak-proxy'] === 'cut' ? `${entry.status} cut by the kill` : `${entry.status} ${(() => { try { return JSON.parse(entry.body).code ?? entry.headers['content-type']; } catch { return entry.headers['content-type']; } })()}`)));
  const rows = [
    ['invariant', 'counts', 'result'],
    ['instances: none exits but the one killed', `${results.instances.counts.lives} lives`, pass(results.instances)],
    ['no unexpected 5xx (or other answer)', `${answers.fiveHundreds} 5xx from the site (${fiveHundreds.map(([what, n]) => `${what}: ${n}`).join(', ') || 'none'}); ${answers.violations.length} unexpected`, pass(answers)],
    ['idempotency: each key ran at most once (at the core)', `${id.keys} keys: ${id.ranOnce} ran once, ${id.ranTwice} more than once`, pass({ violations: idempotency.ranViolations })],
    ['idempotency: replays byte-identical; other body 422', `${id.replays} replays (${id.finalReplays} at the end), ${id.conflicts} conflicts, ${id.cut} cut, ${id.gaveUp} stuck`, pass({ violations: idempotency.answerViolations })],
    ['jobs: done or failed within the bound, none stuck or gone', `${jobs.counts.accepted} accepted: ${jobs.counts.done} done, ${jobs.counts.failed} failed (killed instance's: ${jobs.counts.killed.done} done, ${jobs.counts.killed.failed} failed)`, pass(jobs)],
    ['rate limit exact across instances while Redis is up', `${rl.windows} windows, at most ${rl.maxAdmitted} of ${limit} admitted, ${rl.overLimitDenied} denied`, pass(rateLimits)],
    ['fail-open counted, warned once a minute per instance', `${fo.failOpens} failed open (${fo.failOpensWhileUp} while up); ${fo.perInstance.filter((one) => one.seen || one.counted || one.warnings).map((one) => `${one.name}: ${one.seen} seen, ${one.counted} counted, ${one.warnings} warnings`).join('; ')}`, pass(failOpen)],
    ['recovery after each fault', recovery.counts.map((one) => `${one.fault} ${seconds(one.worstMs)}${one.unrecovered ? ` (${one.unrecovered} never)` : ''}`).join(', '), pass(recovery)],
  ];
  if (memory) rows.push(['RSS at the end ≤ 1.2× after minute 1', memory.counts.map((one) => `${one.name} ${one.afterMinuteMiB ?? 'n/a'} → ${one.atEndMiB ?? 'n/a'} MiB`).join(', '), pass(memory)]);

  const lines = [
    '',
    `fault soak: seed ${seed}, ${length} s at ${rate} req/s, limit ${limit}/min`,
    `requests sent: ${sent.length} (${tally(sent.map((entry) => entry.kind)).map(([kind, n]) => `${kind} ${n}`).join(', ')}); recovery probes: ${entries.length - sent.length}`,
    `answers by status: ${Object.entries(answers.byStatus).map(([status, n]) => `${status}: ${n}`).join(', ')}`,
    `faults: ${faults.map((fault) => `${fault.kind} ${seconds(fault.startAt)}–${seconds(fault.stoppedAt)}${fault.victim !== undefined ? ` (instance ${fault.victim})` : ''}`).join(', ')}`,
    '',
    table(rows),
  ];
  const violations = Object.entries(results).flatMap(([name, result]) => result.violations.map((violation) => `  ${name}: ${violation}`));
  if (violations.length > 0) lines.push('', `violations (${violations.length}):`, ...violations.slice(0, 60), ...(violations.length > 60 ? [`  … ${violations.length - 60} more`] : []));
  return lines.join('\n');
}
