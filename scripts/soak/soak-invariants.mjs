// The fault soak's invariants, checked over the history (what every client sent and was answered) and the servers'
// JSON log lines, never over timing guesses: each returns its counts and its violations (none when it holds).
import { overLimitClient } from './load-mix.mjs';
import { sha256 } from './soak-history.mjs';

const overlaps = (entry, window) => entry.sentAt <= window.end && (entry.answeredAt ?? Infinity) >= window.start;
const within = (entry, windows) => windows.some((window) => overlaps(entry, window));
const json = (entry) => {
  try {
    return JSON.parse(entry.body);
  } catch {
    return undefined;
  }
};
const isProblem = (entry, code) => entry.headers?.['content-type']?.startsWith('application/problem+json') && json(entry)?.code === code && typeof json(entry)?.detail === 'string';
const wholeSeconds = (value) => /^\d+$/.test(value ?? '');
const describe = (entry, why) => `#${entry.id} ${entry.kind} ${entry.method} ${entry.path} → ${entry.status ?? entry.error} at ${(entry.sentAt / 1000).toFixed(1)} s: ${why}`;

/**
 * Fault windows by what broke, on the history's clock: from the fault's start until every door answered as before
 * (its recovery, which the recovery invariant bounds): Redis drains the commands queued while it was stopped first.
 */
export function faultWindows(faults) {
  const recovered = (fault) => Math.max(0, ...Object.values(fault.recovered ?? {}));
  const of = (kinds, start = 'startAt', end = 'stoppedAt') =>
    faults.filter((fault) => kinds.includes(fault.kind)).map((fault) => ({ start: fault[start], end: Math.max(fault[end], fault.endAt + recovered(fault)) }));
  return { redis: of(['redis-pause', 'redis-restart', 'redis-stop']), codeHost: of(['code-host']), kill: of(['instance-kill'], 'killAt', 'endAt') };
}

/** Which answers may carry which status; anything else is unexpected. */
export function checkAnswers(entries, windows) {
  const unexpected = [];
  const byStatus = {};
  for (const entry of entries) {
    const status = entry.error && entry.status === undefined ? 'no answer' : String(entry.status);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const bad = (why) => unexpected.push(describe(entry, why));
    if (entry.error) {
      if (!within(entry, windows.kill)) bad(`${entry.error}, with no instance killed`);
      continue;
    }
    const code = entry.status;
    if (code === 500) bad('500');
    else if (code === 503) {
      if (!isProblem(entry, 'store_unavailable')) bad('503 without a store_unavailable problem document');
      else if (!within(entry, windows.redis)) bad('503 while Redis was up');
    } else if (code === 502 && entry.headers['x-soak-proxy'] === 'cut') {
      if (!within(entry, windows.kill)) bad('cut off by its instance, with none killed');
    } else if (code === 502 || code === 504) {
      if (!entry.codeHost && !['installer', 'release'].includes(entry.probe)) bad(`${code} from a door that does not ask the code host`);
      else if (!within(entry, windows.codeHost)) bad(`${code} while the code host answered`);
      else if (entry.door === 'installer' ? !entry.headers['content-type']?.startsWith('text/plain') : !isProblem(entry, 'upstream_unavailable')) bad(`${code} without its document`);
    } else if (code >= 500) bad(String(code));
    else if (code === 429) {
      if (!wholeSeconds(entry.headers['retry-after']) || !isProblem(entry, 'rate_limited')) bad('429 without Retry-After or its problem document');
      else if (!['over-limit', 'keyed-batch', 'job-poll'].includes(entry.kind)) bad(`429 for a client far below its limit`);
    } else if (code === 409) {
      if (entry.kind !== 'keyed-batch' || entry.headers['retry-after'] !== '1' || !isProblem(entry, 'idempotency_key_in_use')) bad('409 other than idempotency_key_in_use with Retry-After: 1');
    } else if (code === 422) {
      if (entry.kind !== 'keyed-batch' || !isProblem(entry, 'idempotency_key_reused')) bad('422 other than idempotency_key_reused');
    } else if (code === 202) {
      if (entry.headers['retry-after'] !== '1' || !entry.headers.location || json(entry)?.url !== entry.headers.location) bad('202 without Retry-After: 1 and a Location equal to the job url');
    } else if (code === 404 && entry.kind === 'job-poll') continue; // the jobs' invariant says whether a job may be gone
    else if (code >= 400) bad(String(code));
  }
  const fiveHundreds = entries.filter((entry) => entry.status >= 500 && entry.headers?.['x-soak-proxy'] !== 'cut').length;
  return { byStatus, fiveHundreds, violations: unexpected };
}

/**
 * Idempotency: each key's work ran at most once, counted at the core (its log line `idempotent request executed`,
 * by the record's digest); every 200 of a key has the bytes of the first; another body under the key got 422.
 */
export function checkIdempotency(keys, entries, logLines) {
  const runs = new Map();
  for (const line of logLines) if (line.message === 'idempotent request executed') runs.set(line.idempotency_record, (runs.get(line.idempotency_record) ?? 0) + 1);
  // Two rows of the report: what the core ran, and what the clients were answered.
  const ranViolations = [];
  const answerViolations = [];
  const counts = { keys: keys.size, ranOnce: 0, ranTwice: 0, replays: 0, conflicts: 0, finalReplays: 0, gaveUp: 0, cut: 0 };
  const byKey = new Map();
  for (const entry of entries) if (entry.key !== undefined) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  for (const [key, group] of keys) {
    const sent = byKey.get(key) ?? [];
    const digest = sha256(`idempotency:v1:${sha256(group.client)}:${key}`).slice(0, 16);
    const ran = runs.get(digest) ?? 0;
    if (ran > 1) {
      counts.ranTwice += 1;
      ranViolations.push(`${key}: its work ran ${ran} times`);
    }
    if (ran === 1) counts.ranOnce += 1;
    const ok = sent.filter((entry) => entry.status === 200);
    const executed = ok.filter((entry) => entry.headers['idempotency-replayed'] === undefined);
    if (executed.length > ran) ranViolations.push(`${key}: ${executed.length} answers say they ran it, the core ran it ${ran} times`);
    counts.replays += ok.length - executed.length;
    counts.finalReplays += sent.filter((entry) => entry.final && entry.status === 200 && entry.headers['idempotency-replayed'] === 'true').length;
    counts.cut += sent.filter((entry) => entry.error || entry.headers?.['x-soak-proxy'] === 'cut').length;
    if (new Set(ok.map((entry) => entry.bodySha)).size > 1) answerViolations.push(`${key}: its 200s differ in their bytes`);
    const winners = new Set(ok.map((entry) => entry.variant));
    if (winners.size > 1) answerViolations.push(`${key}: both bodies were answered 200`);
    for (const entry of sent.filter((one) => one.status === 422)) {
      counts.conflicts += 1;
      if (winners.has(entry.variant)) answerViolations.push(`${key}: 422 to the body it answered 200`);
    }
    if (sent.some((entry) => entry.gaveUp)) {
      counts.gaveUp += 1;
      answerViolations.push(`${key}: a client retried for two minutes without an answer`);
    }
    if (ok.length > 0 && !sent.some((entry) => entry.final && entry.status === 200 && entry.headers['idempotency-replayed'] === 'true')) answerViolations.push(`${key}: the final retry was not replayed`);
  }
  return { counts, violations: [...ranViolations, ...answerViolations], ranViolations, answerViolations };
}

/** Jobs: every 202 ends done or failed within the bound (its lease twice: waiting, then running), never changes, never vanishes. */
export function checkJobs(jobs, { boundMs, victimJobs }) {
  const violations = [];
  const counts = { accepted: jobs.size, done: 0, failed: 0, killed: { done: 0, failed: 0 } };
  for (const job of jobs.values()) {
    const reads = [...job.polls, ...(job.reread ? [job.reread] : [])];
    const states = reads.filter((entry) => entry.status === 200).map((entry) => json(entry));
    if (reads.some((entry) => entry.status === 404)) violations.push(`${job.id}: gone (404) before it aged out`);
    const final = job.final && json(job.final);
    if (!final) {
      violations.push(`${job.id}: never done or failed${job.stuck ? ' in two minutes' : ''} (last: ${states.at(-1)?.status ?? 'no answer'})`);
      continue;
    }
    counts[final.status] += 1;
    if (victimJobs.has(job.id)) counts.killed[final.status] += 1;
    const took = Date.parse(final.completed_at) - Date.parse(final.created_at);
    if (!(took <= boundMs)) violations.push(`${job.id}: ${final.status} ${took} ms after it was created (bound ${boundMs} ms)`);
    const terminal = states.filter((state) => state.status !== 'queued');
    if (terminal.some((state) => state.status !== final.status || state.completed_at !== final.completed_at)) violations.push(`${job.id}: its final state changed`);
    const firstTerminal = states.findIndex((state) => state.status !== 'queued');
    if (firstTerminal >= 0 && states.slice(firstTerminal).some((state) => state.status === 'queued')) violations.push(`${job.id}: queued again after it ended`);
  }
  return { counts, violations };
}

/**
 * Rate limits: the over-limit client is admitted at most `limit` times per fixed window while Redis counts (answers
 * that failed open say so: a full window left, and are the fail-open invariant's), each admission with its own count.
 */
export function checkRateLimits(entries, { limit }) {
  const violations = [];
  const failedOpen = (entry) => Number(entry.headers?.['ratelimit-remaining']) === limit;
  const perWindow = new Map();
  for (const entry of entries.filter((one) => one.client === overLimitClient && one.status === 200 && !failedOpen(one))) {
    // The window this answer was counted in ends `ratelimit-reset` seconds after it was decided (whole minutes on the clock).
    const end = Math.round((entry.sentEpoch + Number(entry.headers['ratelimit-reset']) * 1000) / 60_000);
    const list = perWindow.get(end) ?? [];
    list.push(Number(entry.headers['ratelimit-remaining']));
    perWindow.set(end, list);
  }
  for (const [end, remaining] of perWindow) {
    if (remaining.length > limit) violations.push(`window ending ${new Date(end * 60_000).toISOString()}: ${remaining.length} admitted, limit ${limit}`);
    if (new Set(remaining).size < remaining.length) violations.push(`window ending ${new Date(end * 60_000).toISOString()}: two admissions with one count (counted apart)`);
  }
  const overLimitDenied = entries.filter((entry) => entry.client === overLimitClient && entry.status === 429).length;
  if (overLimitDenied === 0) violations.push('the over-limit client was never denied: the limit was not reached');
  return { counts: { windows: perWindow.size, maxAdmitted: Math.max(0, ...[...perWindow.values()].map((list) => list.length)), overLimitDenied }, violations };
}

/**
 * Fail-open: every answer that failed open (a full window left) is counted by its instance (its warnings and its
 * recovery lines add up to them), warned at most once a minute per instance, and none happens while Redis is up.
 */
export function checkFailOpen(entries, { limit, lives, windows }) {
  const violations = [];
  const failedOpen = (entry) => Number(entry.headers?.['ratelimit-remaining']) === limit;
  const failOpens = entries.filter((entry) => entry.status !== undefined && failedOpen(entry));
  const whileUp = failOpens.filter((entry) => !within(entry, windows.redis));
  for (const entry of whileUp.slice(0, 5)) violations.push(describe(entry, 'failed open while Redis was up'));
  if (whileUp.length > 5) violations.push(`… and ${whileUp.length - 5} more answers failed open while Redis was up`);
  const perInstance = [];
  for (const life of lives) {
    const seen = failOpens.filter((entry) => entry.backend === life.instance && entry.answeredAt >= life.from && entry.answeredAt <= life.to).length;
    const warnings = life.lines.filter((line) => line.message?.startsWith('rate limiter unavailable'));
    const recoveries = life.lines.filter((line) => line.message?.startsWith('rate limiter available again'));
    const counted = [...warnings, ...recoveries].reduce((sum, line) => sum + (Number(line.failuresSinceLastWarning) || 0), 0);
    const name = `instance ${life.instance} (life ${life.number})`;
    perInstance.push({ name, seen, counted, warnings: warnings.length });
    if (counted !== seen) violations.push(`${name}: ${seen} answers failed open, its log counts ${counted}`);
    if (seen > 0 && warnings.length === 0) violations.push(`${name}: failed open with no warning`);
    const times = warnings.map((line) => Date.parse(line.time));
    for (let i = 1; i < times.length; i += 1) if (times[i] - times[i - 1] < 59_900) violations.push(`${name}: two fail-open warnings ${times[i] - times[i - 1]} ms apart`);
  }
  return { counts: { failOpens: failOpens.length, failOpensWhileUp: whileUp.length, perInstance }, violations };
}

/** Recovery: every door of every instance a fault touched answered as before within `boundMs` of its end (any time, without a bound). */
export function checkRecovery(faults, boundMs) {
  const violations = [];
  const times = faults.map((fault) => {
    const worst = Math.max(0, ...Object.values(fault.recovered));
    for (const door of fault.unrecovered) violations.push(`${fault.kind} #${fault.number}: ${door} never answered as before`);
    if (boundMs !== undefined && worst > boundMs) {
      const slow = Object.entries(fault.recovered).filter(([, ms]) => ms > boundMs).map(([door, ms]) => `${door} ${(ms / 1000).toFixed(1)} s`);
      violations.push(`${fault.kind} #${fault.number}: ${slow.join(', ')} after the fault ended`);
    }
    return { fault: `${fault.kind} #${fault.number}`, worstMs: Math.round(worst), unrecovered: fault.unrecovered.length };
  });
  return { counts: times, violations };
}

/** Memory: each instance's RSS at the end is within `factor` of its RSS one minute after its start. */
export function checkMemory(lives, factor) {
  const violations = [];
  const rows = lives.map((life) => {
    const row = { name: `instance ${life.instance} (life ${life.number})`, afterMinuteMiB: mib(life.rssAfterMinute), atEndMiB: mib(life.rssAtEnd) };
    if (life.rssAfterMinute !== undefined && life.rssAtEnd !== undefined && life.rssAtEnd > factor * life.rssAfterMinute) violations.push(`${row.name}: ${row.atEndMiB} MiB at the end, ${row.afterMinuteMiB} MiB after its first minute`);
    return row;
  });
  return { counts: rows, violations };
}
const mib = (kib) => (kib === undefined ? undefined : Math.round(kib / 102.4) / 10);
