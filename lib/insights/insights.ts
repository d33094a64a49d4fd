import { createHash } from 'node:crypto';
import type { Clock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { requestContext } from '@/lib/platform/request-context';
import { throttledWarning } from '@/lib/platform/throttled-warning';
import type { InsightsEvent, InsightsLimits, InsightsStore } from '@/lib/store/insights-store';
import { normalizeComment, normalizeQuery } from './normalize';
import { buildReport, type InsightsReport } from './report';

/**
 * Search insights and page feedback (/docs/operate/insights): what readers
 * and agents looked for on each door and did not find, what they read, and
 * what readers said of each page, kept on the site's store with no
 * personal data (lib/store/insights-store.ts says what is kept).
 *
 * Every event is written after the answer is sent (`defer`: Next's
 * `after()`), so no door waits for the store; when the store does not
 * answer, the event is dropped and a warning is logged at most once a
 * minute. The door and the client come from the request's context (the
 * route layer sets it, lib/platform/request-context.ts); the client's
 * address is hashed with the day's salt before anything leaves the process.
 */
export const insightsDoors = ['dialog', 'v1', 'batch', 'ask', 'mcp', 'a2a', 'twin'] as const;
export type InsightsDoor = (typeof insightsDoors)[number];
/** The door people use; the others are agents' and programs'. */
export const humanDoors: readonly InsightsDoor[] = ['dialog'];
const isInsightsDoor = (door: unknown): door is InsightsDoor => (insightsDoors as readonly unknown[]).includes(door);

export const insightsPeriods = [1, 7, 30] as const;
export type InsightsPeriod = (typeof insightsPeriods)[number];

/** Per day: the most queries, pages, votes and comments kept; the rest are counted as "other". */
const maxEntriesPerDay = 10_000;
const dayMs = 86_400_000;
/** Most addresses whose daily hash is kept in memory (only in memory, and only with the day's salt). */
const maxKnownClients = 10_000;

export interface InsightsOptions {
  store: InsightsStore;
  clock: Clock;
  log: Log;
  /** Runs work once the answer is sent. */
  defer(task: () => Promise<void>): void;
  /** INSIGHTS_RECORDING: off stops searches, reads and clicks (feedback is always kept). */
  recording: boolean;
  retentionDays: number;
  minClients: number;
}

/** What a search door hands over: the query as asked and what the search found. */
interface SearchOutcome {
  query: string;
  results: number;
  hit: string;
  /** Whether the best hit is weak; asked only once the answer is sent. */
  weak(): boolean;
}

export interface Insights {
  /** A search answered on the request's door (a first page; a cursor's next pages are the same search). */
  searched(outcome: SearchOutcome): void;
  /** A page (or `page#section`) read through a door: a `.md` twin or /llms-full.txt (`twin`), MCP `resources/read` (`mcp`). */
  read(page: string, door: InsightsDoor): void;
  /** A dialog result opened: the query and the result's rank (1 first). */
  clicked(query: string, rank: number): void;
  /**
   * A client's name for the day: its address hashed with the day's salt, so
   * the rate limiter's keys hold no address either. It waits for the store's
   * salt, within the limiter's own bound (the limiter waits for it,
   * lib/store/fail-open.ts), and fails when the store does: no name is made
   * with a salt of this process alone, which no other instance would share.
   */
  pseudonym(address: string): Promise<string>;
  /** Asks the store for the day's salt now (a new instance, before it answers), so its first requests find it in hand. */
  prepare(): Promise<void>;
  /** A reader's vote on a page; a second one the same day from the same client replaces the first. */
  voted(page: string, helpful: boolean, comment: string, client: string): Promise<void>;
  report(days: InsightsPeriod): Promise<InsightsReport>;
}

export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const untilDayEnds = (time: number) => dayMs - (time % dayMs);

export function createInsights(options: InsightsOptions): Insights {
  const { store, clock, log, defer, recording, retentionDays, minClients } = options;
  const limits = (time: number): InsightsLimits => ({ keepMs: retentionDays * dayMs, dayMs: untilDayEnds(time), maxEntries: maxEntriesPerDay });
  const dropped = throttledWarning(log, 'insights: an event was dropped, the store did not answer', clock);
  let salt: { day: string; value: Promise<string>; ready?: string } | undefined;

  // The hashes of the day's salt, by address: the limiter asks on every request, mostly for the same clients.
  let known = new BoundedMap<string, string>(maxKnownClients);
  let knownSalt = '';
  const hashed = (key: string, client: string) => {
    if (key !== knownSalt) (known = new BoundedMap(maxKnownClients)), (knownSalt = key);
    let hash = known.get(client);
    if (hash === undefined) known.set(client, (hash = createHash('sha256').update(`${key}\n${client}`).digest('base64url').slice(0, 22)));
    return hash;
  };

  /** The day's salt, asked of the store once per day and process (again after a failure). */
  function daySalt(time: number): Promise<string> {
    const day = utcDay(time);
    if (salt?.day !== day) {
      const value = store.daySalt(day, untilDayEnds(time));
      const held: NonNullable<typeof salt> = { day, value };
      salt = held;
      value.then(
        (ready) => void (held.ready = ready),
        () => (salt === held ? (salt = undefined) : undefined),
      );
    }
    return salt.value;
  }

  /** The client's daily hash: SHA-256 of the day's salt and the address, never the address itself. */
  const clientHash = async (client: string, time: number) => hashed(await daySalt(time), client);

  /** Adds an event after the answer; a failure is dropped and logged once a minute. */
  function later(make: (time: number) => Promise<InsightsEvent | undefined> | InsightsEvent | undefined): void {
    const time = clock();
    defer(async () => {
      try {
        const event = await make(time);
        if (!event) return;
        await store.add(utcDay(time), event, limits(time));
        dropped.recovered('insights: the store answers again; events are recorded again');
      } catch (error) {
        dropped({ cause: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      }
    });
  }

  return {
    searched(outcome) {
      const context = requestContext();
      if (!recording || !isInsightsDoor(context?.door)) return;
      const { door } = context;
      const address = context.client();
      later(async (time) => {
        const query = normalizeQuery(outcome.query);
        if (!query) return undefined;
        const hash = await clientHash(address, time).catch(() => '');
        return { kind: 'search', door, query, results: outcome.results, hit: outcome.hit, weak: outcome.results > 0 && outcome.weak(), client: hash };
      });
    },
    read(page, door) {
      if (recording) later(() => ({ kind: 'read', door, page }));
    },
    clicked(query, rank) {
      if (!recording) return;
      later(() => {
        const normalized = normalizeQuery(query);
        return normalized ? { kind: 'click', query: normalized, rank } : undefined;
      });
    },
    async pseudonym(address) {
      const time = clock();
      // The day's salt in hand: no wait (every rate-limited request asks).
      if (salt?.day === utcDay(time) && salt.ready !== undefined) return hashed(salt.ready, address);
      return clientHash(address, time);
    },
    prepare: () => daySalt(clock()).then(
      () => undefined,
      () => undefined,
    ),
    async voted(page, helpful, comment, client) {
      const time = clock();
      const event: InsightsEvent = { kind: 'vote', page, helpful, comment: normalizeComment(comment), client: await clientHash(client, time) };
      await store.add(utcDay(time), event, limits(time));
    },
    report: (days) => buildReport(store, { days, today: utcDay(clock()), minClients }),
  };
}
