// `npm run soak:faults`: the site under steady load while its parts break (scripts/bench/README.md, "Fault soak").
// Two `next start` instances of the production build behind a round-robin proxy share one Redis (append-only, behind
// the Upstash REST bridge); a seeded mix runs at a fixed rate while Redis is stopped (SIGSTOP) twice and restarted
// once, an instance is killed (SIGKILL) while it runs jobs and started again, and the code host fails, then hangs.
// Every request and answer is recorded; the invariants are checked over that history and the servers' log lines and
// printed as a table; the exit status is 1 when one fails.
//
//   node scripts/soak/soak-faults.mjs [--minutes 5] [--seed 1] [--rate 20] [--limit 60] [--out <dir>]
//
// --out: where the history (history.jsonl, one request and its answer a line) and each instance's output go (a new
// directory under the system's temporary one by default).
// Needs a production build (`npm run build`) and redis-server. tests/server/fault-soak.test.ts runs its short form.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { rssKiB } from '../bench/soak.mjs';
import { planFaults, runFaults } from './fault-plan.mjs';
import { createLoad } from './load-mix.mjs';
import { startSoakCluster, stopSoakCluster } from './soak-cluster.mjs';
import { createHistory, seededRandom } from './soak-history.mjs';
import { checkAnswers, checkFailOpen, checkIdempotency, checkJobs, checkMemory, checkRateLimits, checkRecovery, faultWindows } from './soak-invariants.mjs';
import { formatReport } from './soak-report.mjs';

/** A job ends within twice its lease: it may wait one lease for its runner, then run for one (lib/core/jobs.ts). */
const jobBoundMs = 2 * 30_000;

/**
 * One soak. `form`: `full` (every fault, recovery within 5 s, memory within 1.2×) or `short` (a Redis stop and an
 * instance kill; recovery without a time bound, no memory figure: what was answered, not when). `timeouts` set the
 * site's RATE_LIMIT_TIMEOUT_MS and STORE_TIMEOUT_MS (the production defaults when unset).
 *
 * @param {{ form?: 'full' | 'short', seconds: number, rate: number, seed: number, limit?: number,
 *   timeouts?: { rateLimitMs?: number, storeMs?: number }, out?: string, say?: (line: string) => void }} options
 */
export async function runFaultSoak({ form = 'full', seconds, rate, seed, limit = 60, timeouts = {}, out = undefined, say = () => {} }) {
  const plan = planFaults({ form, seconds, random: seededRandom(seed ^ 0x5eed), instances: 2 });
  say(`faults (s after the load starts): ${plan.map((fault) => `${fault.kind} at ${(fault.at / 1000).toFixed(1)}`).join(', ')}`);
  const cluster = await startSoakCluster({ ratePerMinute: limit, timeouts });
  const history = createHistory();
  try {
    say(`two instances (ports ${cluster.instances.map((one) => one.port).join(', ')}) behind ${cluster.proxy.url}; Redis on ${cluster.redis.port}`);
    const listed = await history.send({ kind: 'setup', door: 'mcp', base: cluster.proxy.url, client: '10.254.0.1', method: 'POST', path: '/mcp', headers: { accept: 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: {} }) });
    const resources = history.json(listed).result.resources.map((resource) => resource.uri).slice(0, 8);
    // The over-limit client sends twice its limit; in the short form three times its limit within the run.
    const overLimitPerMinute = Math.max(2 * limit, (3 * limit * 60) / seconds);
    const load = createLoad({ history, url: cluster.proxy.url, seconds, rate, random: seededRandom(seed), overLimitPerMinute, resources, seed });
    const startedAt = history.now();
    const toHistory = (time) => time - (performance.now() - history.now());
    // RSS one minute into each instance's life (or into the load, whichever is later) and at the end of the load.
    const sampler = setInterval(() => {
      for (const instance of cluster.instances) {
        const life = instance.current();
        if (!life.exited && life.rssAfterMinute === undefined && history.now() >= Math.max(startedAt, toHistory(life.readyAt)) + 60_000) life.rssAfterMinute = rssKiB(life.pid);
      }
    }, 1000);
    const [faults] = await Promise.all([
      runFaults({ plan, cluster, history, load, startedAt, resource: resources[0], limit, capMs: form === 'short' ? 120_000 : 60_000, say }),
      load.run(),
    ]);
    clearInterval(sampler);
    for (const instance of cluster.instances) if (form === 'full') instance.current().rssAtEnd = rssKiB(instance.current().pid);
    say(`load done (${history.entries.length} requests); waiting for every client and job to finish`);
    await load.settle(say);
    await finalReads(load, history, cluster.proxy.url);
    // Which lives ended with nobody killing them, then every instance stopped: its output read to the end.
    const killed = new Set(faults.filter((fault) => fault.kind === 'instance-kill').map((fault) => `${fault.victim} ${fault.killedLife}`));
    const died = cluster.instances.flatMap((instance) => instance.lives.filter((life) => life.exited && !killed.has(`${instance.index} ${life.number}`)).map((life) => `instance ${instance.index} (life ${life.number}) exited (${life.exit}) with nobody killing it`));
    await Promise.all(cluster.instances.map((instance) => instance.stop()));
    const lives = cluster.instances.flatMap((instance) =>
      instance.lives.map((life, number) => ({
        ...life,
        instance: instance.index,
        from: toHistory(life.startedAt),
        to: number + 1 < instance.lives.length ? toHistory(instance.lives[number + 1].startedAt) : Infinity,
      })),
    );
    const windows = faultWindows(faults);
    // The jobs the killed instance held: accepted by it before the kill and not finished before it.
    const kills = faults.filter((fault) => fault.kind === 'instance-kill');
    const finishedAt = (job) => (job.final ? Date.parse(history.json(job.final)?.completed_at) : Infinity);
    const victimJobs = new Set([...load.jobs.values()].filter((job) => kills.some((kill) => job.submitted.backend === kill.victim && job.submitted.answeredAt <= kill.killAt && !(finishedAt(job) < kill.killEpoch))).map((job) => job.id));
    const results = {
      instances: { counts: { lives: lives.length }, violations: died },
      answers: checkAnswers(history.entries, windows),
      idempotency: checkIdempotency(load.keys, history.entries, lives.flatMap((life) => life.lines)),
      jobs: checkJobs(load.jobs, { boundMs: jobBoundMs, victimJobs }),
      rateLimits: checkRateLimits(history.entries, { limit }),
      failOpen: checkFailOpen(history.entries, { limit, lives, windows }),
      recovery: checkRecovery(faults, form === 'full' ? 5_000 : undefined),
      ...(form === 'full' ? { memory: checkMemory(lives, 1.2) } : {}),
    };
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, 'history.jsonl'), history.entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
      for (const life of lives) writeFileSync(path.join(out, `instance-${life.instance}-life-${life.number}.log`), life.output.join('\n') + '\n');
    }
    const failures = Object.entries(results).flatMap(([name, result]) => result.violations.map((violation) => `${name}: ${violation}`));
    return { ok: failures.length === 0, failures, results, faults, sent: history.entries, report: formatReport({ results, faults, entries: history.entries, seed, seconds, rate, limit }) };
  } finally {
    history.close();
    await stopSoakCluster(cluster);
  }
}

/** After the load: every key once more with the body it answered (a replay), and every finished job read again. */
async function finalReads(load, history, url) {
  const work = [];
  for (const [key, group] of load.keys) {
    const answered = history.entries.find((entry) => entry.key === key && entry.status === 200);
    if (answered) work.push(() => history.send({ kind: 'keyed-batch', door: 'batch', base: url, client: group.client, method: 'POST', path: '/v1/batch', headers: { 'idempotency-key': key }, body: group.bodies[answered.variant], key, variant: answered.variant, final: true }));
  }
  for (const job of load.jobs.values()) {
    if (job.final) work.push(async () => (job.reread = await history.send({ kind: 'job-poll', door: 'jobs', base: url, client: job.client, path: `/v1/jobs/${job.id}`, job: job.id, final: true })));
  }
  // Ten at a time: the end of the soak is no burst.
  const runners = Array.from({ length: 10 }, async () => {
    for (let next = work.shift(); next; next = work.shift()) await next();
  });
  await Promise.all(runners);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      rate: { type: 'string', default: '20' },
      limit: { type: 'string', default: '60' },
      out: { type: 'string' },
    },
  });
  // Ctrl-C and SIGTERM end the run through 'exit', where the cluster's processes are killed.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const seconds = Math.round(Number(values.minutes) * 60);
  const started = Date.now();
  const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  try {
    const out = values.out ?? mkdtempSync(path.join(tmpdir(), 'soak-faults-out-'));
    const outcome = await runFaultSoak({ seconds, rate: Number(values.rate), seed: Number(values.seed), limit: Number(values.limit), out, say });
    console.log(outcome.report);
    console.log(`history and instance logs: ${out}`);
    process.exitCode = outcome.ok ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 2;
  }
}
