import { z } from 'zod';
import { type SearchHit, uriReference } from '@/lib/core/schemas';

/**
 * The site's search dialog asks GET /api/docs-search, which answers the
 * hits of /v1/search (the same core and index) as Fumadocs' result rows
 * (`SortedResult` of fumadocs-core/search: id, type, url, content,
 * breadcrumbs), so any Fumadocs search UI with a `fetch` client can read
 * it too. Hits are grouped by page, in the order of each page's best hit:
 * a `page` row (the page title, with the folders above it as breadcrumbs),
 * then one row per matching section of that page: `heading` (its heading,
 * with the section's excerpt in `excerpt`) or `text` (a match in the text
 * before the page's first heading). Section rows carry no breadcrumbs: they
 * stand under their page row, as in Fumadocs' own results.
 */
export const dialogSearchRowSchema = z
  .object({
    id: z.string().describe('Unique within the answer'),
    type: z.enum(['page', 'heading', 'text']),
    url: uriReference().describe('The page, or the section with its #anchor'),
    content: z.string().describe('Page title, section heading, or the matching text'),
    breadcrumbs: z.array(z.string()).optional().describe('Page rows: the folders above the page, never repeating its title'),
    excerpt: z.string().optional().describe('Heading rows: text of the section around the first match'),
  })
  .meta({ id: 'DialogSearchRow' });
export type DialogSearchRow = z.infer<typeof dialogSearchRowSchema>;

export interface DialogPage {
  title: string;
  /** Folders above the page, outermost first. */
  breadcrumbs: readonly string[];
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * Search hits → dialog rows. `pageOf` knows each page's title and folders
 * (from the docs source); a hit whose page it does not know falls back on
 * the hit's own breadcrumbs.
 */
export function dialogRows(hits: readonly SearchHit[], pageOf: (url: string) => DialogPage | undefined): DialogSearchRow[] {
  const groups = new Map<string, { page: DialogPage; sections: DialogSearchRow[] }>();
  for (const hit of hits) {
    const hash = hit.url.indexOf('#');
    const pageUrl = hash < 0 ? hit.url : hit.url.slice(0, hash);
    let group = groups.get(pageUrl);
    if (!group) {
      const known = pageOf(pageUrl);
      const title = known?.title ?? hit.breadcrumbs.at(hash < 0 ? -1 : -2) ?? pageUrl;
      const breadcrumbs = (known?.breadcrumbs ?? hit.breadcrumbs.slice(0, hash < 0 ? -1 : -2)).filter((crumb) => crumb !== title);
      group = { page: { title, breadcrumbs }, sections: [] };
      groups.set(pageUrl, group);
    }
    if (hash >= 0) {
      const heading = hit.breadcrumbs.at(-1) ?? decodeFragment(hit.url.slice(hash + 1));
      group.sections.push({ id: `section:${hit.url}`, type: 'heading', url: hit.url, content: heading, excerpt: hit.excerpt });
    } else if (hit.excerpt && hit.excerpt !== group.page.title) {
      group.sections.push({ id: `text:${hit.url}`, type: 'text', url: hit.url, content: hit.excerpt });
    }
  }
  return [...groups].flatMap(([url, { page, sections }]) => [
    {
      id: `page:${url}`,
      type: 'page' as const,
      url,
      content: page.title,
      ...(page.breadcrumbs.length > 0 ? { breadcrumbs: [...page.breadcrumbs] } : {}),
    },
    ...sections,
  ]);
}
