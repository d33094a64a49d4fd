// The fault soak's faults: when each happens (seeded), how it is done to the cluster (scripts/soak/soak-cluster.mjs),
// and how long after it ends every door of every instance it touched answers as before it (the recovery probes).
import { requestsOf } from './load-mix.mjs';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long each fault holds, and a guess of how long it takes, for the schedule. */
const faultShapes = {
  'redis-pause': { holdMs: 15_000, takesMs: 15_000 },
  'redis-restart': { holdMs: 0, takesMs: 3_000 },
  'redis-stop': { holdMs: 4_000, takesMs: 5_000 },
  'instance-kill': { holdMs: 2_000, takesMs: 12_000 },
  'code-host': { holdMs: 30_000, takesMs: 60_000 },
};
/** At least this long between the end of one fault and the start of the next: its recovery is measured there. */
const minGapMs = 12_000;

/**
 * The plan: `full` (`npm run soak:faults`): Redis stopped with SIGSTOP for 15 s twice, restarted once, an instance
 * killed while it runs jobs, the code host failing (500s) then hanging, 30 s each; `short` (the form in `npm test`):
 * Redis stopped once, an instance killed. Faults are placed in a seeded order with seeded gaps, between `leadMs`
 * after the start and as long before the end.
 */
export function planFaults({ form, seconds, random, instances }) {
  const kinds = form === 'short' ? ['instance-kill', 'redis-stop'] : ['redis-pause', 'redis-pause', 'redis-restart', 'instance-kill', 'code-host'];
  if (form !== 'short') for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = random.below(i + 1);
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const leadMs = form === 'short' ? 3_000 : 20_000;
  const gapMs = form === 'short' ? 3_000 : minGapMs;
  const busyMs = kinds.reduce((sum, kind) => sum + faultShapes[kind].takesMs, 0) + gapMs * (kinds.length - 1);
  const slackMs = seconds * 1000 - 2 * leadMs - busyMs;
  if (slackMs < 0) throw new Error(`${seconds} s is too short for the ${form} fault plan (it needs ${Math.ceil((busyMs + 2 * leadMs) / 1000)} s)`);
  // The slack, cut at seeded points, before each fault.
  const cuts = Array.from({ length: kinds.length }, () => random.next() * slackMs).sort((a, b) => a - b);
  let at = leadMs;
  return kinds.map((kind, index) => {
    const fault = { kind, at: Math.round(at + cuts[index]), ...faultShapes[kind] };
    if (kind === 'instance-kill') fault.victim = random.below(instances);
    at += faultShapes[kind].takesMs + gapMs;
    return fault;
  });
}

/** A door's probe: the request, and whether its answer is the answer of a healthy site. */
function doorProbes({ resource, limit, fresh }) {
  const counted = (entry) => Number(entry.headers?.['ratelimit-remaining']) < limit;
  const json = (entry) => {
    try {
      return JSON.parse(entry.body);
    } catch {
      return undefined;
    }
  };
  return {
    'search-v1': { request: () => requestsOf['search-v1']('wallpaper'), healthy: (e) => e.status === 200 && counted(e) },
    'search-ask': { request: () => requestsOf['search-ask']('wallpaper'), healthy: (e) => e.status === 200 && counted(e) && e.body.includes('event: complete') },
    'search-mcp': { request: () => requestsOf['search-mcp']('wallpaper'), healthy: (e) => e.status === 200 && counted(e) && json(e)?.result?.isError !== true && json(e)?.result !== undefined },
    'search-a2a': { request: () => requestsOf['search-a2a']('wallpaper'), healthy: (e) => e.status === 200 && counted(e) && json(e)?.result !== undefined },
    'search-dialog': { request: () => requestsOf['search-dialog']('wallpaper'), healthy: (e) => e.status === 200 && Number(e.headers?.['ratelimit-remaining']) < limit },
    'resource-read': { request: () => requestsOf['resource-read'](resource), healthy: (e) => e.status === 200 && counted(e) && json(e)?.result?.contents !== undefined },
    release: { request: () => requestsOf.release('pounce', false), healthy: (e) => e.status === 200 && counted(e) },
    installer: { request: () => requestsOf.installer('minimal', `v2026.02.02-${fresh('')}`), healthy: (e) => e.status === 200 },
    'keyed-batch': {
      request: () => ({ door: 'batch', method: 'POST', path: '/v1/batch', headers: { 'idempotency-key': fresh('probe-') }, body: JSON.stringify({ operations: [{ kind: 'install', desktop: 'minimal' }] }) }),
      healthy: (e) => e.status === 200 && counted(e) && e.headers['idempotency-replayed'] === undefined,
    },
    job: { request: () => ({ door: 'jobs', method: 'POST', path: '/v1/jobs', body: JSON.stringify({ operations: [{ kind: 'install', desktop: 'minimal' }] }) }), healthy: (e) => e.status === 202 && counted(e) },
  };
}

/**
 * Sends every door's probe to each target every `everyMs` until each has answered as before the fault (a job is also
 * read back), or `capMs` passed. Each probe round is a new client, far below the limit. The result: per target and
 * door, the ms from the fault's end to the first healthy answer, and the doors that never recovered.
 */
async function probeRecovery({ history, fault, targets, resource, limit, capMs, everyMs = 250 }) {
  let rounds = 0;
  let fresh = 0;
  // Digits only: they make a release tag's `-<N>` too.
  const probes = doorProbes({ resource, limit, fresh: (prefix) => `${prefix}${fault.number}${String(fresh += 1).padStart(4, '0')}` });
  const waiting = new Map(targets.flatMap((target) => Object.keys(probes).map((door) => [`${target.index} ${door}`, { target, door }])));
  const recovered = {};
  const until = fault.endAt + capMs;
  while (waiting.size > 0 && history.now() < until) {
    rounds += 1;
    const client = `10.200.${(rounds >> 8) & 255}.${rounds & 255}`;
    await Promise.all([...waiting].map(async ([name, { target, door }]) => {
      const probe = probes[door];
      const entry = await history.send({ kind: 'probe', probe: door, fault: fault.number, base: target.url, backend: target.index, client, ...probe.request() });
      let healthy = probe.healthy(entry);
      if (healthy && door === 'job') {
        const read = await history.send({ kind: 'probe', probe: 'job-read', fault: fault.number, base: target.url, backend: target.index, client, path: entry.headers.location });
        healthy = read.status === 200;
      }
      if (healthy && waiting.delete(name)) recovered[name] = Math.max(0, entry.answeredAt - fault.endAt);
    }));
    await sleep(everyMs);
  }
  return { recovered, unrecovered: [...waiting.keys()] };
}

/**
 * Does the plan's faults one after another, each at its time (ms after `startedAt`, on the history's clock) or once
 * the previous one's recovery is measured; returns each fault's window [startAt, endAt] and its recovery.
 */
export async function runFaults({ plan, cluster, history, load, startedAt, resource, limit, capMs, say = () => {} }) {
  const done = [];
  const urlOf = (instance) => ({ index: instance.index, url: `http://127.0.0.1:${instance.port}` });
  for (const [number, planned] of plan.entries()) {
    await sleep(Math.max(0, startedAt + planned.at - history.now()));
    const fault = { number, kind: planned.kind, plannedAt: planned.at, startAt: history.now() };
    say(`fault ${number}: ${planned.kind}`);
    let targets = cluster.instances.map(urlOf);
    switch (planned.kind) {
      case 'redis-pause':
        cluster.redis.pause();
        await sleep(planned.holdMs);
        cluster.redis.resume();
        break;
      case 'redis-restart':
      case 'redis-stop':
        await cluster.redis.stop();
        await sleep(planned.holdMs);
        await cluster.redis.start();
        break;
      case 'instance-kill': {
        const victim = cluster.instances[planned.victim];
        targets = [urlOf(victim)];
        // Jobs of many operations straight to the victim: it is running them (after its answers) when it dies.
        const operations = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? { kind: 'release', app: 'perch' } : { kind: 'search', q: `soak ${i}` }));
        await load.submitJobs(`http://127.0.0.1:${victim.port}`, 3, operations, victim.index);
        fault.victim = victim.index;
        fault.killedLife = victim.current().number;
        fault.killAt = history.now();
        fault.killEpoch = Date.now();
        await victim.kill();
        await sleep(planned.holdMs);
        const life = await victim.start();
        // Back in the balancer from the moment it listens; its first answers are part of its recovery.
        fault.listeningAt = (life.listeningAt ?? life.readyAt) - (performance.now() - history.now());
        break;
      }
      case 'code-host':
        cluster.codeHost.state.failStatus = 500;
        await sleep(planned.holdMs);
        cluster.codeHost.state.failStatus = 0;
        cluster.codeHost.state.hang = true;
        fault.hangAt = history.now();
        await sleep(planned.holdMs);
        cluster.codeHost.state.hang = false;
        break;
      default:
        throw new Error(`unknown fault ${planned.kind}`);
    }
    fault.endAt = fault.listeningAt ?? history.now();
    fault.stoppedAt = history.now();
    Object.assign(fault, await probeRecovery({ history, fault, targets, resource, limit, capMs }));
    const worst = Math.max(0, ...Object.values(fault.recovered));
    say(`fault ${number} over; every door as before ${(worst / 1000).toFixed(1)} s later${fault.unrecovered.length ? `, except ${fault.unrecovered.join(', ')}` : ''}`);
    done.push(fault);
  }
  return done;
}
