import { z } from 'zod';
import { problemSchema } from '@/lib/http/problem';
import { queryText } from '@/lib/core/schemas';
import { debounceMs, maxDialogRequestsPerMinute, tokenBurst, tokenEveryMs } from '@/lib/search-dialog-pacing';
import { dialogSearchRowSchema } from '../docs-search-rows';
import { documentCache } from '../document-responder';
import type { EndpointDescription } from '../endpoint';
import { folderEntriesWritten } from '@/lib/docs-source/sidebar-folders';
import { documentHeaders, html, json, markdown, notModified, requiredHeader, text } from './shared';

/**
 * The documentation rows (/docs/api, "Text views"; /docs/api/search): the
 * search index and the search dialog's route, the pages and their markdown
 * twins, the llms.txt views, the sitemap and robots.txt.
 */

/** What every 200 and 304 of /api/search carries. */
const searchIndexHeaders = documentHeaders(documentCache.searchIndex);

/** What every 200 and 304 of /api/docs-tree/{folder} carries. */
const docsTreeHeaders = {
  ETag: requiredHeader('Strong entity tag, the SHA-256 of the bytes (base64url); send it back in `If-None-Match` for a 304'),
  'Cache-Control': requiredHeader('`public, max-age=300`'),
};

/** The validators of the text views (lib/docs/text-views.ts): on every 200 and 304. */
const textViewValidators = {
  ETag: requiredHeader('Strong entity tag, the SHA-256 of the bytes (base64url) before content coding; send it back in `If-None-Match` for a 304'),
  'Last-Modified': requiredHeader('When the content last changed: the last commit that touched the page\'s source (for the llms files, the newest of every page\'s and meta.json\'s); send it back in `If-Modified-Since` for a 304'),
};
const twinHeaders = { ...textViewValidators, 'Cache-Control': requiredHeader('`public, max-age=300, s-maxage=3600`') };
/** What the text views say of their validators. */
const revalidation =
  '`If-None-Match` with its ETag (or `*`) answers 304 with no body; without `If-None-Match`, `If-Modified-Since` at or after its `Last-Modified` does too (RFC 9110 §13.2.2).';

/** The dialog's pacing (lib/search-dialog-pacing.ts) in a sentence, for the endpoint's description. */
const dialogPacingDescription =
  `The dialog spends a token per request from a bucket of ${tokenBurst} that refills one token every ${tokenEveryMs} ms ` +
  `(never more than ${maxDialogRequestsPerMinute} requests in a minute, however fast and long someone types), ` +
  `asks only after ${debounceMs} ms without a keystroke (a burst of keys costs one request) and keeps every answered query ` +
  `for the page's lifetime (backspacing asks nothing); the last keystroke is answered after ${debounceMs} ms plus the server's time, ` +
  `and waits for a token (at most ${tokenEveryMs} ms) only after a long run of requests.`;

export const docsDescriptions = {
  searchIndex: {
    tag: 'Search',
    summary: 'The complete search index',
    description:
      'The Fumadocs (Orama-shaped) index, served whole as static JSON: one row per documentation page with breadcrumbs, one row per section with url, breadcrumbs, content and a `page_id` back to its page. For programs that search offline; the site\'s own search dialog asks /api/docs-search instead of downloading it. A strong ETag (the SHA-256 of the bytes); `If-None-Match` with it (or `*`) answers 304, so a program that keeps a copy revalidates it without downloading it again.',
    responses: {
      200: { ...json('The exported index', z.record(z.string(), z.unknown())), headers: searchIndexHeaders },
      304: notModified(searchIndexHeaders),
    },
    errors: ['rate_limited'],
  },
  docsSearchDialog: {
    // The site's own door (its search dialog); programs search with /v1/search.
    tag: 'Documentation',
    summary: 'Search as the site\'s search dialog asks it',
    description: [
      'The hits of /v1/search (same index, same scoring, first page) as Fumadocs result rows, so a Fumadocs search UI with a `fetch` client reads them: grouped by page in the order of each page\'s best hit, a `page` row (title, with the folders above it as `breadcrumbs`, never repeating the title), then the page\'s matching sections as `heading` rows (with an `excerpt`) or `text` rows. At most 10 sections; no paging: programs use /v1/search.',
      '',
      'Rate limit: 600 requests a minute per client, in a window of its own (`RateLimit-Policy: "docs-search"`), so searching on the site never spends the window of the API. ' + dialogPacingDescription + ' Answers may be cached for five minutes: the index changes only with a deployment.',
    ].join('\n'),
    query: z.object({
      query: queryText('The query', " (Fumadocs' `fetch` client sends `query`)"),
    }),
    inputProblems: { query: 'missing_query' },
    responses: { 200: json('Result rows, grouped by page', z.array(dialogSearchRowSchema)) },
    errors: ['missing_query', 'invalid_parameter', 'rate_limited', 'index_unavailable'],
  },
  homePage: {
    tag: 'Documentation',
    summary: 'The home page',
    description:
      'HTML for browsers. Agent mode answers the agent page of /index.md instead (the same bytes, `text/markdown`, never cached): with `mode=agent`, when `Accept` prefers `text/markdown` (quality values honoured), or for an AI crawler\'s or agent\'s user agent (the list is in the description of /index.md). Responses vary on Accept, User-Agent and Accept-Encoding. A client accepting neither HTML, markdown nor a wildcard gets 406.',
    query: z.object({ mode: z.enum(['agent']).optional().describe('`agent`: the agent page, whatever `Accept` and `User-Agent` say') }),
    responses: {
      200: { ...html('The home page, or in agent mode the agent page (markdown)'), alternates: [{ representation: 'markdown', schema: z.string() }] },
      406: { description: 'The client accepts neither HTML, markdown nor a wildcard (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
  },
  docsPage: {
    tag: 'Documentation',
    summary: 'A documentation page',
    description:
      `HTML, or its markdown twin when \`Accept\` prefers \`text/markdown\` (quality values honoured). A client accepting neither HTML, markdown nor a wildcard gets 406. Responses vary on Accept, User-Agent and Accept-Encoding. The twin carries \`ETag\` and \`Last-Modified\`: ${revalidation} The HTML carries an ETag of its own, which \`If-None-Match\` matches too.`,
    params: z.object({ path: z.string().describe('Page path, e.g. `rooms/appearance`') }),
    responses: {
      200: {
        description: 'The page: HTML, or its markdown twin when `Accept` prefers `text/markdown`',
        representation: 'html',
        schema: z.string(),
        alternates: [{ representation: 'markdown', schema: z.string() }],
      },
      304: { description: 'The representation chosen is the one the client holds (its validators matched): no body', representation: 'none' },
      404: html('No such page'),
      406: { description: 'No acceptable representation (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
  },
  docsMarkdown: {
    tag: 'Documentation',
    summary: 'Markdown twin of a documentation page',
    description:
      `The page as markdown (\`# Title (url)\`, a \`Last updated: YYYY-MM-DD\` line, then its text): the same bytes its own URL answers when \`Accept\` prefers \`text/markdown\`. Cached five minutes (an hour at shared caches); ${revalidation} A path that names no page is a 404, never cached, pointing at /llms.txt.`,
    params: z.object({ path: z.string() }),
    responses: {
      200: { ...markdown('The page as markdown'), headers: twinHeaders },
      304: notModified(twinHeaders),
      404: markdown('No such page'),
    },
    errors: [],
  },
  docsTreeFolder: {
    // The site's own door (its sidebar); programs read the tree from /llms.txt.
    tag: 'Documentation',
    summary: 'A large sidebar folder\'s whole list',
    description:
      `The docs sidebar writes a folder of more than ${folderEntriesWritten} entries in part (closed, none of them; open, the ${folderEntriesWritten} around the current page and a "Show all" button) and fetches the rest from here when the reader opens it or asks: the folder's entries as the HTML of its list (\`<li>\` elements, nested folders as the sidebar writes them, no page marked current). \`folder\` is the folder's place in the page tree, the indexes of it and the folders above it joined by \`-\` (\`3\`, \`3-0\`), which the sidebar writes in the list's \`data-src\`; it changes when the tree does, so the answer is cached five minutes, with a strong ETag (\`If-None-Match\` with it, or \`*\`, answers 304). A place that holds no folder is a 404 \`not_found\` problem. Programs read the tree from /llms.txt.`,
    params: z.object({ folder: z.string().describe('The folder\'s place in the page tree, e.g. `3` or `3-0`') }),
    responses: {
      200: { ...html('The folder\'s entries, as the HTML of its list'), headers: docsTreeHeaders },
      304: notModified(docsTreeHeaders),
      404: { description: 'No folder at that place (`not_found`)', representation: 'problem', schema: problemSchema },
    },
    errors: ['not_found'],
  },
  llmsTxt: {
    tag: 'Documentation',
    summary: 'One entry per documentation page (llmstxt.org)',
    description: `The llmstxt.org index: the documentation's page tree as a markdown list, a link and the description of each page, folders as nested lists. Each page's markdown is at its \`.md\` twin; /llms-full.txt holds them all. ${revalidation}`,
    responses: { 200: text('The index', textViewValidators), 304: notModified(textViewValidators) },
    errors: [],
  },
  llmsFullTxt: {
    tag: 'Documentation',
    summary: 'Full text of every documentation page',
    description: `Every documentation page as its \`.md\` twin renders it (\`# Title (url)\`, a \`Last updated: YYYY-MM-DD\` line, then its text), one after another in one file. ${revalidation}`,
    responses: { 200: text('Every page as markdown', textViewValidators), 304: notModified(textViewValidators) },
    errors: [],
  },
  designDoc: {
    tag: 'Documentation',
    summary: 'The visual standard, proxied from upstream',
    description:
      'The layer repository\'s visual standard, from its main branch on the code host, as markdown. Cached five minutes; an empty upstream file is a 502 like an unreachable one.',
    responses: { 200: markdown('The visual standard'), 502: text('The upstream file could not be fetched') },
    errors: [],
  },
  sitemap: {
    tag: 'Documentation',
    summary: 'Every indexable URL',
    description: 'The home page, every documentation page and every problem page, as absolute URLs on the public origin, each with a change frequency and a priority, and each documentation page with its last-changed date as `<lastmod>` (sitemaps.org 0.9).',
    responses: { 200: { description: 'The sitemap', representation: 'xml', schema: z.string() } },
    errors: [],
  },
  robots: {
    tag: 'Documentation',
    summary: 'Crawler rules and the sitemap',
    description:
      'Every crawler may read the whole site but the internal text routes (/llms.mdx/) and the page images (/og/). Names the sitemap (`Sitemap:`) and the resource-discovery catalog (`Agentmap:`) as absolute URLs.',
    responses: { 200: text('robots.txt') },
    errors: [],
  },
} as const satisfies Record<string, EndpointDescription>;

