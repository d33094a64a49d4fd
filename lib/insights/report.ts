import type { InsightsDay, InsightsStore, QueryCounts } from '@/lib/store/insights-store';

/**
 * The maintainers' view of a period (`/insights.json`, `/insights`, `npm
 * run insights`): the days' counts added up. A query is listed by its text
 * only once `minClients` distinct clients sent it in the period
 * (k-anonymity); the others are one "other" row with their total.
 * Comments are listed as stored (normalized), with no threshold.
 */
export interface QueryRow {
  query: string;
  count: number;
  /** Distinct clients in the period (HyperLogLog: about 0.8 % off). */
  clients: number;
  doors: Record<string, number>;
  /** Results of its latest search. */
  results: number;
  /** Whether its latest search's best hit was weak (lib/search/query.ts `weakAnswer`). */
  weak: boolean;
  /** Its latest first hit. */
  hit: string;
  /** Dialog results opened after it. */
  clicks: number;
}

export interface InsightsReport {
  days: number;
  from: string;
  to: string;
  /** Searches per day and door, oldest first. */
  perDay: { day: string; doors: Record<string, number> }[];
  searches: QueryRow[];
  /** The listed queries that found nothing, or only a weak best hit. */
  noResults: QueryRow[];
  /** Searches of queries not listed: too few clients, or past a day's bound. */
  other: { count: number; queries: number };
  /** Dialog clicks by the rank of the result opened (1 first). */
  clicksByRank: Record<string, number>;
  feedback: { page: string; helpful: number; notHelpful: number; comments: string[] }[];
  reads: { page: string; count: number; doors: Record<string, number> }[];
}

/** Most rows of a list; the view is a summary, the store keeps the rest. */
const maxRows = 500;
const dayMs = 86_400_000;

function periodDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, back) => new Date(end - (days - 1 - back) * dayMs).toISOString().slice(0, 10));
}

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
};

export async function buildReport(store: InsightsStore, { days, today, minClients }: { days: number; today: string; minClients: number }): Promise<InsightsReport> {
  const list = periodDays(today, days);
  const read: InsightsDay[] = await Promise.all(list.map((day) => store.readDay(day)));
  const queries = new Map<string, QueryCounts>();
  const reads = new Map<string, { count: number; doors: Record<string, number> }>();
  const feedback = new Map<string, { helpful: number; notHelpful: number; comments: string[] }>();
  const clicksByRank: Record<string, number> = {};
  let overflow = 0;
  for (const day of read) {
    overflow += day.otherQueries;
    add(clicksByRank, day.clicksByRank);
    // Days in order, so a query's results, hit and weakness are its latest search's.
    for (const [query, counts] of Object.entries(day.queries)) {
      const held = queries.get(query);
      if (!held) queries.set(query, structuredClone(counts));
      else {
        held.count += counts.count;
        held.clicks += counts.clicks;
        add(held.doors, counts.doors);
        Object.assign(held, { results: counts.results, hit: counts.hit, weak: counts.weak });
      }
    }
    for (const [page, counts] of Object.entries(day.reads)) {
      const held = reads.get(page) ?? { count: 0, doors: {} };
      held.count += counts.count;
      add(held.doors, counts.doors);
      reads.set(page, held);
    }
    for (const [page, votes] of Object.entries(day.feedback)) {
      const held = feedback.get(page) ?? { helpful: 0, notHelpful: 0, comments: [] };
      held.helpful += votes.helpful;
      held.notHelpful += votes.notHelpful;
      held.comments.push(...votes.comments);
      feedback.set(page, held);
    }
  }

  const listed: QueryRow[] = [];
  let other = { count: overflow, queries: 0 };
  const byCount = [...queries].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  for (const [query, counts] of byCount) {
    // Fewer searches than the threshold cannot come from enough clients: no count is asked for.
    const clients = counts.count >= minClients && listed.length < maxRows ? await store.clients(list, query) : 0;
    if (clients >= minClients) listed.push({ query, count: counts.count, clients, doors: counts.doors, results: counts.results, weak: counts.weak, hit: counts.hit, clicks: counts.clicks });
    else other = { count: other.count + counts.count, queries: other.queries + 1 };
  }

  return {
    days,
    from: list[0]!,
    to: list.at(-1)!,
    perDay: list.map((day, at) => ({ day, doors: read[at]!.searches })),
    searches: listed,
    noResults: listed.filter((row) => row.results === 0 || row.weak),
    other,
    clicksByRank,
    feedback: [...feedback]
      .map(([page, votes]) => ({ page, ...votes }))
      .sort((a, b) => b.notHelpful - a.notHelpful || a.helpful - b.helpful || (a.page < b.page ? -1 : 1)),
    reads: [...reads]
      .map(([page, counts]) => ({ page, ...counts }))
      .sort((a, b) => b.count - a.count || (a.page < b.page ? -1 : 1))
      .slice(0, maxRows),
  };
}

/** The report's queries as CSV (RFC 4180), for a maintainer's spreadsheet. */
export function reportCsv(report: InsightsReport, doors: readonly string[]): string {
  const cell = (value: string | number | boolean) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const header = ['query', 'count', 'clients', ...doors.map((door) => `door_${door}`), 'results', 'weak', 'clicks', 'first_hit'];
  const rows = report.searches.map((row) => [row.query, row.count, row.clients, ...doors.map((door) => row.doors[door] ?? 0), row.results, row.weak, row.clicks, row.hit]);
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
