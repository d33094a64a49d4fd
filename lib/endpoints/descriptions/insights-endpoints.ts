import { z } from 'zod';
import { insightsPeriods } from '@/lib/insights/insights';
import { maxCommentChars } from '@/lib/insights/normalize';
import { queryText } from '@/lib/core/schemas';
import type { EndpointDescription, HeaderSpec } from '../endpoint';
import { html, json, requiredHeader } from './shared';

/**
 * Search insights and page feedback (Docs "Search insights"): the dialog's
 * click beacon, the feedback of every docs page, and the maintainers' view.
 */
const feedbackBodyMaxBytes = 4 * 1024;
const privacy = 'Nothing that names the sender is kept: no address, user agent, cookie or identifier (Docs "Search insights", "What is stored").';

export const feedbackSchema = z
  .object({
    page: z.string().regex(/^\/docs(?:\/[^\s?#]*)?$/).max(300).describe('The docs page the feedback is about, as its path: `/docs/rooms/appearance`'),
    helpful: z.boolean().describe('Whether the page helped'),
    comment: z.string().max(maxCommentChars).optional().describe(`What was missing or wrong, at most ${maxCommentChars} characters; kept with e-mail addresses, URLs with a query, long numbers and token-like strings replaced by placeholders`),
  })
  .strict();

export const searchClickSchema = z
  .object({
    query: queryText('The query the dialog answered'),
    rank: z.number().int().min(1).max(50).describe('The opened result\'s place among the answer\'s sections, 1 first'),
  })
  .strict();

const queryRow = z.object({
  query: z.string(),
  count: z.number().int().describe('Searches in the period'),
  clients: z.number().int().describe('Distinct clients (a HyperLogLog count, about 0.8 % off)'),
  doors: z.record(z.string(), z.number().int()).describe('Searches per door: `dialog`, `v1`, `batch`, `ask`, `mcp`, `a2a`'),
  results: z.number().int().describe('Results of its latest search'),
  weak: z.boolean().describe('Whether its latest best hit held fewer than half of the query\'s words, or only through typo corrections'),
  hit: z.string().describe('Its latest first hit\'s URL'),
  clicks: z.number().int().describe('Dialog results opened after it'),
});

const insightsReportSchema = z.object({
  days: z.number().int(),
  from: z.string().describe('First UTC day of the period'),
  to: z.string().describe('Last UTC day (today)'),
  perDay: z.array(z.object({ day: z.string(), doors: z.record(z.string(), z.number().int()) })).describe('Searches per day and door'),
  searches: z.array(queryRow).describe('Queries sent by at least INSIGHTS_MIN_CLIENTS distinct clients, most frequent first'),
  noResults: z.array(queryRow).describe('The listed queries that found nothing, or only a weak best hit'),
  other: z.object({ count: z.number().int(), queries: z.number().int() }).describe('Searches of queries not listed (too few clients, or past a day\'s bound of 10,000 queries)'),
  clicksByRank: z.record(z.string(), z.number().int()).describe('Dialog results opened, by rank'),
  feedback: z
    .array(z.object({ page: z.string(), helpful: z.number().int(), notHelpful: z.number().int(), comments: z.array(z.string()) }))
    .describe('Votes and comments per page, most "not helpful" first'),
  reads: z.array(z.object({ page: z.string(), count: z.number().int(), doors: z.record(z.string(), z.number().int()) })).describe('Pages and sections agents read: `.md` twins and /llms-full.txt (`twin`), MCP resources/read (`mcp`)'),
});

const authorization: Record<string, HeaderSpec> = {
  Authorization: { description: '`Bearer <INSIGHTS_TOKEN>`; the HTML view also takes HTTP Basic with the token as the password. Never read from the URL.', schema: z.string() },
};
const challenge = { 'WWW-Authenticate': requiredHeader('`Bearer realm="insights"` (and `Basic` on the HTML view, so a browser asks for the token)') };
const periodQuery = z.object({
  days: z
    .enum(insightsPeriods.map(String) as [string, ...string[]])
    .optional()
    .describe('The period: the last 1, 7 or 30 UTC days, today included (default 7)'),
});
const maintainers =
  'For the site\'s maintainers, with the token the site was configured with (INSIGHTS_TOKEN); without it set, the path answers 404. A missing or wrong token is a 401 with `WWW-Authenticate`; the token is compared in constant time, and a token in the URL is never read. A query is listed by its text only once INSIGHTS_MIN_CLIENTS (3) distinct clients sent it in the period; the others are counted together. Data is kept INSIGHTS_RETENTION_DAYS (90) days.';

export const insightsDescriptions = {
  searchClick: {
    // The site's own door (its search dialog's beacon).
    tag: 'Documentation',
    summary: 'A search dialog result opened',
    description: `The search dialog's beacon when a reader opens a result: the query and the result's rank, counted for the query's click-through rate in search insights. Counts in the dialog's rate-limit window. ${privacy}`,
    body: { schema: searchClickSchema, description: 'The query and the rank of the result opened', maxBytes: 2048 },
    responses: { 204: { description: 'Counted (or, with recording off, not)', representation: 'none' } },
    errors: ['invalid_json', 'invalid_parameter', 'missing_query', 'rate_limited'],
  },
  sendFeedback: {
    tag: 'Documentation',
    summary: 'Say whether a docs page helped',
    description: [
      `"Was this page helpful?" for people and agents: JSON, or the same fields form-encoded from the form at the end of every docs page (\`helpful\` as \`true\` or \`false\`). A second vote on the same page from the same client the same day replaces the first. ${privacy}`,
      '',
      'A JSON request gets JSON back; the page\'s form (which works without JavaScript) gets a page that says thanks and links back.',
    ].join('\n'),
    body: {
      schema: feedbackSchema,
      description: `\`application/json\` or \`application/x-www-form-urlencoded\`; at most ${feedbackBodyMaxBytes} bytes`,
      maxBytes: feedbackBodyMaxBytes,
    },
    responses: {
      200: { ...json('Kept', z.object({ page: z.string(), helpful: z.boolean(), kept: z.literal(true) })), alternates: [{ representation: 'html', schema: z.string() }] },
    },
    errors: ['invalid_json', 'invalid_parameter', 'body_too_large', 'unsupported_media_type', 'rate_limited', 'store_unavailable'],
  },
  insightsJson: {
    tag: 'Documentation',
    summary: 'Search insights and feedback, as JSON',
    description: `What readers and agents searched for on each door and did not find, what agents read, and what readers said of each page. ${maintainers}`,
    headers: authorization,
    query: periodQuery,
    responses: {
      200: json('The period\'s insights', insightsReportSchema, { 'Cache-Control': requiredHeader('`no-store`') }),
      401: { description: 'No token, or a wrong one (`unauthorized`)', representation: 'problem', headers: challenge },
    },
    errors: ['unauthorized', 'not_found', 'invalid_parameter', 'rate_limited', 'store_unavailable'],
  },
  insightsPage: {
    tag: 'Documentation',
    summary: 'Search insights and feedback, as a page',
    description: `The same as /insights.json as an HTML page drawn on the server (a chart of searches per day and door, the lists), \`noindex\`, with no script. ${maintainers}`,
    headers: authorization,
    query: periodQuery,
    responses: {
      200: { ...html('The view'), headers: { 'Cache-Control': requiredHeader('`no-store`'), 'X-Robots-Tag': requiredHeader('`noindex`') } },
      401: { description: 'No token, or a wrong one (`unauthorized`)', representation: 'problem', headers: challenge },
    },
    errors: ['unauthorized', 'not_found', 'invalid_parameter', 'rate_limited', 'store_unavailable'],
  },
} satisfies Record<string, EndpointDescription>;
