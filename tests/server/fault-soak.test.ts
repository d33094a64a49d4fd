import { describe, expect, it } from 'vitest';
import { runFaultSoak } from '../../scripts/soak/soak-faults.mjs';
import { serverStoreTimeoutMs } from '../helpers/patience';

/**
 * The fault soak's short form (`npm run soak:faults` is the long one, scripts/soak/soak-faults.mjs): two `next start`
 * instances behind a round-robin proxy share one Redis behind the Upstash REST bridge; a seeded mix runs for 30 s
 * while Redis is stopped once and one instance is killed (SIGKILL) while it runs jobs and started again. The same
 * invariants are checked over the history of what every client was answered: no unexpected 5xx, each key's work run
 * at most once (counted from the servers' log lines), replays byte for byte, every job done or failed within its
 * bound and none gone, the limit exact across instances while Redis is up and every fail-open counted and warned,
 * every door answering as before after each fault.
 *
 * Nothing asserted depends on how fast the machine is: the site's store timeouts are ones no loopback round trip
 * reaches (serverStoreTimeoutMs), so only a stopped Redis (refused at once) fails open or answers 503; recovery is
 * checked without a time bound, and memory is the long form's. redis-server is required: without it this fails.
 */
describe('fault soak, short form', () => {
  it('two instances, a Redis stop and an instance kill under load: every invariant holds', async () => {
    const outcome = await runFaultSoak({
      form: 'short',
      seconds: 30,
      rate: 10,
      seed: 50,
      timeouts: { rateLimitMs: serverStoreTimeoutMs, storeMs: serverStoreTimeoutMs },
    });
    expect(outcome.failures, outcome.report).toEqual([]);
  }, 600_000);
});
