import { appRepositoryUrl, apps, layerInstallerName } from '@/lib/catalog';
import { docsPageUrl, downloadRoute, installerRoute } from '@/lib/routes';
import { layerRepo, repositoryUrl, siteDescription, siteName, siteTitle } from '@/lib/site';

/**
 * schema.org structured data (/docs/agents/discovery, "Structured data":
 * /schema.jsonl): one WebSite, one SoftwareApplication for the layer and one
 * per app (download URL, operating system), and one TechArticle per
 * documentation page. /schema.jsonl serves every object, one JSON object per
 * line (JSON Lines); the page heads carry the same objects as JSON-LD
 * (components/structured-data.tsx): every page the site-wide ones, a docs
 * page its own TechArticle too.
 *
 * Objects refer to each other by `@id` (the WebSite is `<origin>/#website`,
 * the layer `<origin>/#layer`), so a reader can join the lines.
 */
export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string };

export interface DocsPageFacts {
  /** Site-relative URL, e.g. `/docs/install`. */
  url: string;
  title: string;
  description?: string;
  /**
   * ISO 8601: when the page's source last changed (its last commit,
   * lib/docs-source/last-modified.ts). No `datePublished` beside it: nothing
   * records when a page was first published (a file's first commit is
   * neither its publication nor kept across a rename).
   */
  dateModified?: string;
}

const context = 'https://schema.org' as const;
const websiteId = (origin: string) => `${origin}/#website`;
const layerId = (origin: string) => `${origin}/#layer`;
/** Everything here is free to use: no purchase. */
const free = { '@type': 'Offer', price: '0', priceCurrency: 'USD' } as const;

function websiteObject(origin: string): JsonLd {
  return {
    '@context': context,
    '@type': 'WebSite',
    '@id': websiteId(origin),
    name: siteName,
    alternateName: siteTitle,
    url: `${origin}/`,
    description: siteDescription,
  };
}

/** The layer: installed by a script, for macOS. */
function layerObject(origin: string): JsonLd {
  return {
    '@context': context,
    '@type': 'SoftwareApplication',
    '@id': layerId(origin),
    name: siteName,
    description: 'Software that rebuilds a whole Mac from one text file.',
    applicationCategory: 'DeveloperApplication',
    operatingSystem: 'macOS',
    url: `${origin}/`,
    installUrl: `${origin}${installerRoute(layerInstallerName)}`,
    softwareHelp: { '@type': 'CreativeWork', url: `${origin}${docsPageUrl([])}` },
    codeRepository: repositoryUrl(layerRepo),
    offers: free,
    isPartOf: { '@id': websiteId(origin) },
  };
}

/** Each app: a signed, notarized macOS download. */
function appObjects(origin: string): JsonLd[] {
  return apps.map((app) => ({
    '@context': context,
    '@type': 'SoftwareApplication',
    '@id': `${origin}/#${app.name}`,
    name: app.title,
    description: app.blurb,
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'macOS',
    url: `${origin}${app.docsPath}`,
    downloadUrl: `${origin}${downloadRoute(app.name)}`,
    codeRepository: appRepositoryUrl(app),
    offers: free,
    isPartOf: { '@id': websiteId(origin) },
  }));
}

export function techArticleObject(origin: string, page: DocsPageFacts): JsonLd {
  return {
    '@context': context,
    '@type': 'TechArticle',
    '@id': `${origin}${page.url}`,
    headline: page.title,
    ...(page.description ? { description: page.description } : {}),
    url: `${origin}${page.url}`,
    ...(page.dateModified ? { dateModified: page.dateModified } : {}),
    inLanguage: 'en',
    isPartOf: { '@id': websiteId(origin) },
    about: { '@id': layerId(origin) },
  };
}

/** The objects every page head carries. */
export const siteObjects = (origin: string): JsonLd[] => [websiteObject(origin), layerObject(origin), ...appObjects(origin)];

/** /schema.jsonl: the site-wide objects, then one TechArticle per docs page; one object per line. */
export function structuredDataLines(origin: string, pages: readonly DocsPageFacts[]): string {
  const objects = [...siteObjects(origin), ...pages.map((page) => techArticleObject(origin, page))];
  return objects.map((object) => `${JSON.stringify(object)}\n`).join('');
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no
 * text can close the script element (HTML §4.12.1.3).
 */
export const jsonLdScriptText = (objects: readonly JsonLd[]) =>
  JSON.stringify(objects.length === 1 ? objects[0] : objects).replace(/</g, '\\u003c');
