import { env, publicOrigin } from '@/lib/env';
import { aiCatalogMediaType } from '@/lib/discovery/resource-catalog';
import { jsonLdScriptText, siteObjects, techArticleObject, type DocsPageFacts } from '@/lib/discovery/structured-data';
import { discovery } from '@/lib/routes';

/**
 * What every page head carries for machines: `<link rel="ard">`
 * and `<link rel="ai-catalog">` to the resource-discovery catalog
 * (/docs/agents/discovery, "Catalogs"), and the site-wide schema.org objects of /schema.jsonl
 * as JSON-LD. Server components only: no client JavaScript, a few hundred
 * bytes of HTML. Rendered once, inside <head> of app/layout.tsx.
 */
export function DiscoveryHead() {
  const origin = publicOrigin(env());
  return (
    <>
      <link rel="ard" href={discovery.ard} type="application/json" />
      <link rel="ai-catalog" href={discovery.aiCatalog} type={aiCatalogMediaType} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptText(siteObjects(origin)) }} />
    </>
  );
}

/**
 * A docs page's own TechArticle, the object /schema.jsonl has for it. The
 * App Router gives a page no way into <head> but the Metadata API, which
 * has no field for scripts, so it is rendered with the page (search engines
 * read JSON-LD anywhere in the document).
 */
export function PageStructuredData({ page }: { page: DocsPageFacts }) {
  const origin = publicOrigin(env());
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptText([techArticleObject(origin, page)]) }} />;
}
