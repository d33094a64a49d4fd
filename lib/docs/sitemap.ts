import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { docsDescriptions } from '@/lib/endpoints/descriptions/docs-endpoints';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';
import { env, publicOrigin } from '@/lib/env';
import { allProblemCodes } from '@/lib/http/problem-codes';
import type { RouteHandler } from '@/lib/http/route-handler';
import { discovery, problemTypeRoute, sitemapRoute } from '@/lib/routes';
import { docsVersion, routeDocs } from '@/lib/docs-source/route-docs';
import { keptForLast } from '@/lib/platform/kept-for-last';

/**
 * /sitemap.xml and /robots.txt, written here rather than with Next's
 * metadata files so they are rows of the endpoint table served through
 * `serve` like every other endpoint (405 problems with `Allow`, the
 * real-server walk), and robots.txt can carry lines Next's type lacks.
 */
export interface SitemapEntry {
  url: string;
  /** W3C Datetime: a docs page's last-changed date (lib/docs-source/last-modified.ts); the other pages have none to give. */
  lastModified?: string;
  changeFrequency: 'weekly' | 'monthly';
  priority: number;
}

/** Every indexable URL: the home page, each docs page, each problem page. */
async function sitemapEntries(origin = publicOrigin(env())): Promise<SitemapEntry[]> {
  const { source, dates } = await routeDocs();
  const { of } = await dates();
  return [
    { url: `${origin}/`, changeFrequency: 'weekly', priority: 1 },
    ...source.getPages().map((page) => ({ url: `${origin}${page.url}`, lastModified: of(page.path), changeFrequency: 'weekly' as const, priority: 0.8 })),
    ...allProblemCodes.map((code) => ({ url: `${origin}${problemTypeRoute(code)}`, changeFrequency: 'monthly' as const, priority: 0.3 })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(entry.url)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ''}<changefreq>${entry.changeFrequency}</changefreq><priority>${entry.priority}</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * `Agentmap:` points at the resource-discovery catalog (/docs/agents/discovery,
 * "Catalogs"; ARD's robots.txt directive, an absolute URL like
 * `Sitemap:`).
 */
function robotsTxt(origin = publicOrigin(env())): string {
  return [
    'User-Agent: *',
    'Allow: /',
    'Disallow: /llms.mdx/',
    'Disallow: /og/',
    '',
    `Sitemap: ${origin}${sitemapRoute}`,
    `Agentmap: ${origin}${discovery.aiCatalog}`,
    '',
  ].join('\n');
}

/** Text made once, and again when `version` answers another value (see DocumentSpec's `version`). */
const staticText = (contentType: string, body: () => string | Promise<string>, version?: () => Promise<unknown>): RouteHandler => {
  const text = keptForLast(async (_version: unknown) => body());
  return async () =>
    new Response(await text(version ? await version() : undefined), { headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600' } });
};

export const sitemapHandler = endpointHandler(endpointById(docsDescriptions, 'sitemap'), staticText('application/xml; charset=utf-8', async () => sitemapXml(await sitemapEntries()), docsVersion));
export const robotsHandler = endpointHandler(endpointById(docsDescriptions, 'robots'), staticText('text/plain; charset=utf-8', () => robotsTxt()));
