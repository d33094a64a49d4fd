import type { Redis } from '@upstash/redis';
import { dictionary, emptyDay, randomSalt, type InsightsDay, type InsightsEvent, type InsightsLimits, type InsightsStore } from './insights-store';

/**
 * Insights on Redis (lib/store/insights-store.ts says what is kept). Each
 * event is one Lua script, so its counts change together in one round trip
 * and the day's bounds hold however many instances write at once. Keys of
 * a day (`svc:ins:<day>:…`) all expire after the retention; the votes,
 * keyed by a client's daily hash, expire with the day's salt.
 *
 * - `s` hash: searches per door (`door:<door>`), `other` (searches past the
 *   bound), `rank:<n>` (dialog clicks), `other-reads`
 * - `q` sorted set: query → searches; `qi` hash: `<query>\t<field>`
 *   (`d:<door>`, `results`, `hit`, `weak`, `clicks`); `qc:<query>`: its
 *   HyperLogLog of client hashes
 * - `r` sorted set: page → reads; `ri` hash: `<page>\t<door>` → reads
 * - `f` hash: `<page>\tyes|no` → votes; `fc` list: `<page>\t<comment>`;
 *   `fv` hash: `<page>\t<client hash>` → `1|0\t<comment>`
 */
const insightsPrefix = 'svc:ins:';
const dayKey = (day: string, part: string) => `${insightsPrefix}${day}:${part}`;
const doorFields = ['dialog', 'v1', 'batch', 'ask', 'mcp', 'a2a', 'twin'];

// KEYS: s, q, qi, qc. ARGV: query, door, results, hit, weak, client, keep ms, max, the door fields.
const searchScript = `
local q = ARGV[1]
if not redis.call('ZSCORE', KEYS[2], q) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[8]) then
  local lowest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  if lowest[2] == '1' then
    redis.call('ZREM', KEYS[2], lowest[1])
    local fields = {lowest[1] .. '\\tresults', lowest[1] .. '\\thit', lowest[1] .. '\\tweak', lowest[1] .. '\\tclicks'}
    for i = 9, #ARGV do table.insert(fields, lowest[1] .. '\\td:' .. ARGV[i]) end
    redis.call('HDEL', KEYS[3], unpack(fields))
    redis.call('DEL', string.sub(KEYS[4], 1, #KEYS[4] - #q) .. lowest[1])
    redis.call('HINCRBY', KEYS[1], 'other', 1)
  else
    q = false
  end
end
redis.call('HINCRBY', KEYS[1], 'door:' .. ARGV[2], 1)
if q then
  redis.call('ZINCRBY', KEYS[2], 1, q)
  redis.call('HINCRBY', KEYS[3], q .. '\\td:' .. ARGV[2], 1)
  redis.call('HSET', KEYS[3], q .. '\\tresults', ARGV[3], q .. '\\thit', ARGV[4], q .. '\\tweak', ARGV[5])
  if ARGV[6] ~= '' then
    redis.call('PFADD', KEYS[4], ARGV[6])
    redis.call('PEXPIRE', KEYS[4], ARGV[7])
  end
else
  redis.call('HINCRBY', KEYS[1], 'other', 1)
end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[7]) end
return 1`;

// KEYS: s, q, qi. ARGV: query, rank, keep ms.
const clickScript = `
redis.call('HINCRBY', KEYS[1], 'rank:' .. ARGV[2], 1)
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then redis.call('HINCRBY', KEYS[3], ARGV[1] .. '\\tclicks', 1) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// KEYS: s, r, ri. ARGV: page, door, keep ms, max.
const readScript = `
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  redis.call('HINCRBY', KEYS[1], 'other-reads', 1)
else
  redis.call('ZINCRBY', KEYS[2], 1, ARGV[1])
  redis.call('HINCRBY', KEYS[3], ARGV[1] .. '\\t' .. ARGV[2], 1)
end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
return 1`;

// KEYS: fv, f, fc. ARGV: page, client, helpful (1|0), comment, day ms, keep ms, max.
const voteScript = `
local field = ARGV[1] .. '\\t' .. ARGV[2]
local old = redis.call('HGET', KEYS[1], field)
if old then
  local tab = string.find(old, '\\t', 1, true)
  local was = string.sub(old, 1, tab - 1)
  local comment = string.sub(old, tab + 1)
  redis.call('HINCRBY', KEYS[2], ARGV[1] .. (was == '1' and '\\tyes' or '\\tno'), -1)
  if comment ~= '' then redis.call('LREM', KEYS[3], 1, ARGV[1] .. '\\t' .. comment) end
elseif redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[7]) then
  return 0
end
redis.call('HSET', KEYS[1], field, ARGV[3] .. '\\t' .. ARGV[4])
redis.call('HINCRBY', KEYS[2], ARGV[1] .. (ARGV[3] == '1' and '\\tyes' or '\\tno'), 1)
if ARGV[4] ~= '' and redis.call('LLEN', KEYS[3]) < tonumber(ARGV[7]) then redis.call('RPUSH', KEYS[3], ARGV[1] .. '\\t' .. ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
redis.call('PEXPIRE', KEYS[3], ARGV[6])
return 1`;

const split = (field: string): [string, string] => {
  const at = field.lastIndexOf('\t');
  return [field.slice(0, at), field.slice(at + 1)];
};
const pairs = (list: unknown): [string, number][] => {
  const flat = (list ?? []) as (string | number)[];
  const out: [string, number][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([String(flat[i]), Number(flat[i + 1])]);
  return out;
};

/** Reads a day's keys as `InsightsDay`. */
function dayOf(hashes: { s: Record<string, string>; qi: Record<string, string>; ri: Record<string, string>; f: Record<string, string> }, q: unknown, r: unknown, fc: string[]): InsightsDay {
  const day = emptyDay();
  for (const [field, value] of Object.entries(hashes.s)) {
    if (field.startsWith('door:')) day.searches[field.slice(5)] = Number(value);
    else if (field.startsWith('rank:')) day.clicksByRank[field.slice(5)] = Number(value);
    else if (field === 'other') day.otherQueries = Number(value);
    else if (field === 'other-reads') day.otherReads = Number(value);
  }
  for (const [query, count] of pairs(q)) day.queries[query] = { count, doors: dictionary(), results: 0, hit: '', weak: false, clicks: 0 };
  for (const [field, value] of Object.entries(hashes.qi)) {
    const [query, name] = split(field);
    const entry = day.queries[query];
    if (!entry) continue;
    if (name.startsWith('d:')) entry.doors[name.slice(2)] = Number(value);
    else if (name === 'results') entry.results = Number(value);
    else if (name === 'hit') entry.hit = value;
    else if (name === 'weak') entry.weak = value === '1';
    else if (name === 'clicks') entry.clicks = Number(value);
  }
  for (const [page, count] of pairs(r)) day.reads[page] = { count, doors: dictionary() };
  for (const [field, value] of Object.entries(hashes.ri)) {
    const [page, door] = split(field);
    if (day.reads[page]) day.reads[page].doors[door] = Number(value);
  }
  const feedback = (page: string) => (day.feedback[page] ??= { helpful: 0, notHelpful: 0, comments: [] });
  for (const [field, value] of Object.entries(hashes.f)) {
    const [page, vote] = split(field);
    feedback(page)[vote === 'yes' ? 'helpful' : 'notHelpful'] = Number(value);
  }
  for (const entry of fc) {
    const at = entry.indexOf('\t');
    feedback(entry.slice(0, at)).comments.push(entry.slice(at + 1));
  }
  return day;
}

export function createUpstashInsights(redis: Redis, attempt: <T>(operation: string, run: () => Promise<T>) => Promise<T>): InsightsStore {
  const scripts = {
    search: redis.createScript<number>(searchScript),
    click: redis.createScript<number>(clickScript),
    read: redis.createScript<number>(readScript),
    vote: redis.createScript<number>(voteScript),
  };
  const ms = (value: number) => String(Math.max(1, Math.ceil(value)));

  return {
    async daySalt(day, ttlMs) {
      const key = `${insightsPrefix}salt:${day}`;
      // SET NX: the first instance's salt wins, and every instance reads it back.
      await attempt('SET NX', () => redis.set(key, randomSalt(), { nx: true, px: Math.max(1, Math.ceil(ttlMs)) }));
      const salt = await attempt('GET', () => redis.get<string>(key));
      if (!salt) throw new Error('the day\'s salt expired as it was made');
      return salt;
    },
    async add(day, event: InsightsEvent, limits: InsightsLimits) {
      const key = (part: string) => dayKey(day, part);
      const keep = ms(limits.keepMs);
      const max = String(limits.maxEntries);
      switch (event.kind) {
        case 'search':
          await attempt('EVAL', () =>
            scripts.search.eval(
              [key('s'), key('q'), key('qi'), key(`qc:${event.query}`)],
              [event.query, event.door, String(event.results), event.hit, event.weak ? '1' : '0', event.client, keep, max, ...doorFields],
            ),
          );
          return;
        case 'click':
          await attempt('EVAL', () => scripts.click.eval([key('s'), key('q'), key('qi')], [event.query, String(event.rank), keep]));
          return;
        case 'read':
          await attempt('EVAL', () => scripts.read.eval([key('s'), key('r'), key('ri')], [event.page, event.door, keep, max]));
          return;
        case 'vote':
          await attempt('EVAL', () =>
            scripts.vote.eval([key('fv'), key('f'), key('fc')], [event.page, event.client, event.helpful ? '1' : '0', event.comment, ms(limits.dayMs), keep, max]),
          );
          return;
      }
    },
    async readDay(day) {
      const key = (part: string) => dayKey(day, part);
      const pipe = redis.pipeline();
      pipe.hgetall(key('s'));
      pipe.zrange(key('q'), 0, -1, { withScores: true });
      pipe.hgetall(key('qi'));
      pipe.zrange(key('r'), 0, -1, { withScores: true });
      pipe.hgetall(key('ri'));
      pipe.hgetall(key('f'));
      pipe.lrange(key('fc'), 0, -1);
      const [s, q, qi, r, ri, f, fc] = await attempt('read', () => pipe.exec());
      // Without automatic deserialization, HGETALL answers Redis's flat list of fields and values.
      const hash = (value: unknown): Record<string, string> =>
        Array.isArray(value) ? Object.fromEntries(pairs(value).map(([field], at) => [field, String((value as unknown[])[at * 2 + 1])])) : ((value ?? {}) as Record<string, string>);
      return dayOf({ s: hash(s), qi: hash(qi), ri: hash(ri), f: hash(f) }, q, r, (fc ?? []) as string[]);
    },
    async clients(days, query) {
      if (days.length === 0) return 0;
      const [first, ...rest] = days.map((day) => dayKey(day, `qc:${query}`));
      return Number(await attempt('PFCOUNT', () => redis.pfcount(first!, ...rest)));
    },
  };
}
