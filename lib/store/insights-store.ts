/**
 * The store's half for search insights and page feedback
 * (/docs/operate/insights): counts per UTC day, nothing that names a client.
 * A client is only ever a daily-salted hash, counted in a HyperLogLog (Redis
 * `PFADD`/`PFCOUNT`; a bounded set here) or keeping one vote per page that
 * expires with the day; the salt expires with the day too, after which no
 * stored value can be tied to anyone. Both adapters implement the same rules
 * (tests/unit/insights-store.test.ts runs them against each).
 */

interface SearchEvent {
  kind: 'search';
  door: string;
  /** The query as it was matched, normalized (lib/insights/normalize.ts). */
  query: string;
  results: number;
  /** The first hit's URL, '' when none. */
  hit: string;
  weak: boolean;
  /** The daily-salted hash of the client, '' when unknown. */
  client: string;
}

interface ClickEvent {
  kind: 'click';
  query: string;
  /** 1 for the first result. */
  rank: number;
}

interface ReadEvent {
  kind: 'read';
  door: string;
  /** A page's path, with `#section` when one section was read. */
  page: string;
}

interface VoteEvent {
  kind: 'vote';
  page: string;
  helpful: boolean;
  /** Normalized, '' when none. */
  comment: string;
  /** The daily-salted hash of the client: a second vote the same day replaces the first. */
  client: string;
}

export type InsightsEvent = SearchEvent | ClickEvent | ReadEvent | VoteEvent;

export interface InsightsLimits {
  /** How long a day's counts are kept. */
  keepMs: number;
  /** Until the day's salt expires: votes keyed by client go with it. */
  dayMs: number;
  /** Most queries, pages, votes and comments kept per day; the rest are counted together. */
  maxEntries: number;
}

export interface QueryCounts {
  count: number;
  doors: Record<string, number>;
  results: number;
  hit: string;
  weak: boolean;
  clicks: number;
}

/** One day's counts, as stored. */
export interface InsightsDay {
  /** Searches per door. */
  searches: Record<string, number>;
  queries: Record<string, QueryCounts>;
  /** Searches of queries past the day's bound. */
  otherQueries: number;
  /** Dialog clicks by rank (1 is the first result). */
  clicksByRank: Record<string, number>;
  reads: Record<string, { count: number; doors: Record<string, number> }>;
  otherReads: number;
  feedback: Record<string, { helpful: number; notHelpful: number; comments: string[] }>;
}

export interface InsightsStore {
  /** The day's salt: made at random by the first caller, then the same for every instance until it expires. */
  daySalt(day: string, ttlMs: number): Promise<string>;
  /** Adds one event to its day: one atomic step (one round trip on Redis). */
  add(day: string, event: InsightsEvent, limits: InsightsLimits): Promise<void>;
  readDay(day: string): Promise<InsightsDay>;
  /** Distinct clients that searched `query` over these days (the union of the days' counts). */
  clients(days: readonly string[], query: string): Promise<number>;
}

/**
 * A record keyed by what clients send (a query, a page): no prototype, so a
 * query named `__proto__` or `constructor` is a key like any other and never
 * reaches Object.prototype.
 */
export const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const emptyDay = (): InsightsDay => ({
  searches: dictionary(),
  queries: dictionary(),
  otherQueries: 0,
  clicksByRank: dictionary(),
  reads: dictionary(),
  otherReads: 0,
  feedback: dictionary(),
});

/** Most distinct clients the memory store counts per query and day; Redis's HyperLogLog has no such cap. */
const memoryClientCap = 1000;

interface MemoryDay {
  expiresAt: number;
  data: InsightsDay;
  clients: Map<string, Set<string>>;
  votes: Map<string, { expiresAt: number; helpful: boolean; comment: string }>;
}

/** The embedded store's insights: the same rules over Maps, one process. */
export function createMemoryInsights(clock: () => number): InsightsStore {
  const days = new Map<string, MemoryDay>();
  const salts = new Map<string, { salt: string; expiresAt: number }>();

  const live = (day: string) => {
    const held = days.get(day);
    if (held && held.expiresAt <= clock()) days.delete(day);
    return days.get(day);
  };
  const dayOf = (day: string, limits: InsightsLimits) => {
    let held = live(day);
    if (!held) days.set(day, (held = { expiresAt: 0, data: emptyDay(), clients: new Map(), votes: new Map() }));
    held.expiresAt = clock() + limits.keepMs;
    for (const [name, other] of days) if (other.expiresAt <= clock()) days.delete(name);
    return held;
  };
  const bump = (counts: Record<string, number>, key: string, by = 1) => (counts[key] = (counts[key] ?? 0) + by);

  function search(held: MemoryDay, event: SearchEvent, max: number) {
    const { data } = held;
    bump(data.searches, event.door);
    let entry = data.queries[event.query];
    if (!entry) {
      if (Object.keys(data.queries).length >= max && !evictOneOff(held)) return void (data.otherQueries += 1);
      entry = data.queries[event.query] = { count: 0, doors: dictionary(), results: 0, hit: '', weak: false, clicks: 0 };
    }
    entry.count += 1;
    bump(entry.doors, event.door);
    Object.assign(entry, { results: event.results, hit: event.hit, weak: event.weak });
    if (event.client) {
      let clients = held.clients.get(event.query);
      if (!clients) held.clients.set(event.query, (clients = new Set()));
      if (clients.size < memoryClientCap) clients.add(event.client);
    }
  }

  /** Makes room for a new query by dropping one seen once (it joins the "other" count); false when every query was seen more. */
  function evictOneOff(held: MemoryDay): boolean {
    const found = Object.entries(held.data.queries).find(([, entry]) => entry.count === 1);
    if (!found) return false;
    delete held.data.queries[found[0]];
    held.clients.delete(found[0]);
    held.data.otherQueries += 1;
    return true;
  }

  function vote(held: MemoryDay, event: VoteEvent, limits: InsightsLimits) {
    // A vote's client hash goes with its day's salt, as Redis expires it (upstash-insights.ts).
    for (const { votes } of days.values()) for (const [key, kept] of votes) if (kept.expiresAt <= clock()) votes.delete(key);
    const key = `${event.page}\t${event.client}`;
    const previous = held.votes.get(key);
    const feedback = (held.data.feedback[event.page] ??= { helpful: 0, notHelpful: 0, comments: [] });
    if (previous && previous.expiresAt > clock()) {
      if (previous.helpful) feedback.helpful -= 1;
      else feedback.notHelpful -= 1;
      const at = previous.comment ? feedback.comments.indexOf(previous.comment) : -1;
      if (at >= 0) feedback.comments.splice(at, 1);
    } else if (held.votes.size >= limits.maxEntries) return;
    held.votes.set(key, { expiresAt: clock() + limits.dayMs, helpful: event.helpful, comment: event.comment });
    if (event.helpful) feedback.helpful += 1;
    else feedback.notHelpful += 1;
    const comments = Object.values(held.data.feedback).reduce((sum, page) => sum + page.comments.length, 0);
    if (event.comment && comments < limits.maxEntries) feedback.comments.push(event.comment);
  }

  return {
    async daySalt(day, ttlMs) {
      const held = salts.get(day);
      if (held && held.expiresAt > clock()) return held.salt;
      for (const [name, salt] of salts) if (salt.expiresAt <= clock()) salts.delete(name);
      const salt = randomSalt();
      salts.set(day, { salt, expiresAt: clock() + ttlMs });
      return salt;
    },
    async add(day, event, limits) {
      const held = dayOf(day, limits);
      const { data } = held;
      switch (event.kind) {
        case 'search':
          return search(held, event, limits.maxEntries);
        case 'click': {
          bump(data.clicksByRank, String(event.rank));
          const entry = data.queries[event.query];
          if (entry) entry.clicks += 1;
          return;
        }
        case 'read': {
          let entry = data.reads[event.page];
          if (!entry) {
            if (Object.keys(data.reads).length >= limits.maxEntries) return void (data.otherReads += 1);
            entry = data.reads[event.page] = { count: 0, doors: dictionary() };
          }
          entry.count += 1;
          bump(entry.doors, event.door);
          return;
        }
        case 'vote':
          return vote(held, event, limits);
      }
    },
    async readDay(day) {
      return structuredClone(live(day)?.data ?? emptyDay());
    },
    async clients(list, query) {
      const union = new Set<string>();
      for (const day of list) for (const client of live(day)?.clients.get(query) ?? []) union.add(client);
      return union.size;
    },
  };
}

export function randomSalt(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64url');
}
