import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { DocsReader, DocsReaderPage } from '@/lib/core/docs-reader';
import { docsMarkdownUrl, docsPageUrl, docsRoute } from '@/lib/routes';
import { sectionsOf } from './docs-sections';

/**
 * The documentation as MCP resources (MCP 2025-11-25 and 2026-07-28,
 * "Resources"), so an agent can read what `search_docs` finds without
 * leaving MCP: every page is a resource whose URI is its markdown twin's
 * URL (`<origin>/docs/<path>.md`, the same bytes), and every section of a
 * page is `<twin>#<section>`, that heading and its body. The pages come
 * from the reader the composition root holds (lib/core/docs-reader.ts): the
 * docs as the routes read them, the same source as the twins, /llms.txt and
 * the search index.
 */

export const resourceMimeType = 'text/markdown';
/** Pages per `resources/list` page. */
export const resourcePageSize = 50;

export interface DocsResource {
  uri: string;
  name: string;
  title: string;
  description?: string;
  mimeType: typeof resourceMimeType;
  /** Bytes of the page's twin (UTF-8). */
  size: number;
  annotations: { lastModified: string };
}

/** A page's resource URI: its twin's absolute URL. */
const pageResourceUri = (origin: string, slugs: readonly string[]) => `${origin}${docsMarkdownUrl(slugs)}`;

/**
 * A search hit's section as a resource URI: its page's twin with the hit's
 * anchor (`/docs/rooms/appearance#layer.theme.flavor` →
 * `<origin>/docs/rooms/appearance.md#layer.theme.flavor`). Undefined for a
 * URL that is not a docs page.
 */
export function hitResourceUri(origin: string, url: string): string | undefined {
  const [path = '', anchor] = url.split('#', 2);
  if (path !== docsRoute && !path.startsWith(`${docsRoute}/`)) return undefined;
  const slugs = path.slice(docsRoute.length).split('/').filter(Boolean);
  return `${pageResourceUri(origin, slugs)}${anchor ? `#${anchor}` : ''}`;
}

/** What the pages make as resources: made once per list of pages (in production, once per process) and origin. */
interface Catalog {
  resources: DocsResource[];
  byUri: Map<string, DocsReaderPage>;
}
const catalogs = new WeakMap<readonly DocsReaderPage[], Map<string, Promise<Catalog>>>();

async function catalogOf(reader: DocsReader, origin: string): Promise<Catalog> {
  const pages = await reader.pages();
  let byOrigin = catalogs.get(pages);
  if (!byOrigin) catalogs.set(pages, (byOrigin = new Map()));
  let made = byOrigin.get(origin);
  if (!made) {
    made = (async () => {
      const resources = await Promise.all(
        pages.map(async (page): Promise<DocsResource> => ({
          uri: pageResourceUri(origin, page.slugs),
          name: page.slugs.length === 0 ? 'index' : page.slugs.join('/'),
          title: page.title,
          ...(page.description ? { description: page.description } : {}),
          mimeType: resourceMimeType,
          size: Buffer.byteLength(await page.markdown()),
          annotations: { lastModified: page.lastModified },
        })),
      );
      return { resources, byUri: new Map(pages.map((page) => [pageResourceUri(origin, page.slugs), page])) };
    })();
    byOrigin.set(origin, made);
    made.catch(() => byOrigin.delete(origin));
  }
  return made;
}

/**
 * `resources/list` cursors: the position of the next page, opaque to the
 * client (MCP "Pagination"). Public data, so nothing to sign; a cursor that
 * is not one of ours is Invalid Params, as the MCP specification asks.
 */
const cursorPrefix = 'p';
const encodeCursor = (offset: number) => Buffer.from(`${cursorPrefix}${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('latin1') : '';
  const offset = /^p(\d{1,9})$/.exec(decoded)?.[1];
  if (offset === undefined || Number(offset) <= 0 || Number(offset) >= total) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass back the nextCursor of the previous resources/list page.');
  }
  return Number(offset);
}

export async function listResources(reader: DocsReader, origin: string, cursor: string | undefined): Promise<{ resources: DocsResource[]; nextCursor?: string }> {
  const { resources } = await catalogOf(reader, origin);
  const start = decodeCursor(cursor, resources.length);
  const end = start + resourcePageSize;
  return { resources: resources.slice(start, end), ...(end < resources.length ? { nextCursor: encodeCursor(end) } : {}) };
}

/** RFC 6570 templates: a page (`{/path*}` is empty for the docs' first page, /docs.md) and a section of it. */
export function resourceTemplates(origin: string) {
  const page = `${origin}${docsRoute}{/path*}.md`;
  return [
    {
      uriTemplate: page,
      name: 'docs-page',
      title: 'Documentation page',
      description: "A documentation page as markdown, the same bytes as its .md twin. `path` is the page's path under /docs, e.g. rooms/appearance.",
      mimeType: resourceMimeType,
    },
    {
      uriTemplate: `${page}#{section}`,
      name: 'docs-section',
      title: 'Section of a documentation page',
      description:
        "One section of a page: its heading and body, down to the next heading of the same or a higher level. `section` is the heading's anchor, e.g. layer.theme.flavor; search_docs hits link to theirs.",
      mimeType: resourceMimeType,
    },
  ];
}

/** A fragment as written, or percent-decoded when a client encoded it (an anchor has no `%` of its own). */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** `resources/read`: a page's twin, or one section of it; an unknown page or section is resource-not-found. */
export async function readResource(
  reader: DocsReader,
  origin: string,
  uri: string,
  onRead?: (page: string) => void,
): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  const { byUri } = await catalogOf(reader, origin);
  const hash = uri.indexOf('#');
  const pageUri = hash === -1 ? uri : uri.slice(0, hash);
  const section = hash === -1 ? undefined : safeDecode(uri.slice(hash + 1));
  const page = byUri.get(pageUri);
  if (!page) throw new ResourceNotFoundError(uri, `No documentation page has the URI ${uri}. resources/list lists every page.`);
  const text = await page.markdown();
  if (section === undefined) {
    onRead?.(docsPageUrl(page.slugs));
    return { contents: [{ uri, mimeType: resourceMimeType, text }] };
  }
  const body = sectionsOf(text, page.headings).get(section);
  if (body === undefined) throw new ResourceNotFoundError(uri, `The page ${pageUri} has no section #${section}.`);
  onRead?.(`${docsPageUrl(page.slugs)}#${section}`);
  return { contents: [{ uri, mimeType: resourceMimeType, text: body }] };
}
