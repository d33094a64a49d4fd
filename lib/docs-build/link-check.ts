import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { remarkGfm, remarkHeading } from 'fumadocs-core/mdx-plugins';
import type { Nodes, Root, RootContent } from 'mdast';
import { scanURLs, validateFiles, type FileObject, type ScanResult, type ValidateError } from 'next-validate-link';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type PluggableList } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';

/**
 * The docs' link check (scripts/check-links.mjs, run by `npm run build`
 * before `next build`): every link of every page, and every entry of every
 * meta.json, must name a page or route the site serves, and a `#fragment`
 * an anchor on that page. Links to other sites are not checked.
 *
 * Fumadocs' link checker, next-validate-link, does the checking against the
 * routes of app/ (its `next` preset, given the route handlers too and the
 * values of the dynamic segments), so a link to /llms.txt or
 * /problems/not_found passes and /docs/no-such-page does not. The anchors of
 * a page are its heading ids as the build makes them: the same remark
 * plugins in the same order as Fumadocs MDX (remark-gfm, remark-heading,
 * then the site's own from source.config.ts), so the entries
 * `<OptionEntries />` writes, anchored at each option's full name, count,
 * and so do the `id`s of JSX elements. In-page links (`#setup`) are checked
 * against the page itself.
 *
 * Imports packages only, so scripts/check-links.mjs loads it with Node's
 * type stripping and nothing is built first.
 */

export interface LinkProblem {
  /** The file, relative to the project root. */
  file: string;
  line: number;
  column: number;
  /** The link as written. */
  link: string;
  reason: string;
}

export interface CheckLinksOptions {
  /** The project root: reports name files relative to it. */
  root: string;
  /** The docs collection's directory (content/docs). */
  contentDir: string;
  /** The App Router directory (app). */
  appDir: string;
  /** The site's remark plugins (source.config.ts `mdxOptions.remarkPlugins`). */
  remarkPlugins: PluggableList;
  /** The values of /problems/[code]. */
  problemCodes: readonly string[];
}

/** The docs route (app/docs/[[...slug]]) and its twins' suffix (lib/routes.ts docsRoute, docsMarkdownUrl). */
const docsRoute = '/docs';
const docsSegments = 'docs/[[...slug]]';

interface DocsPage {
  path: string;
  slugs: string[];
  url: string;
  /** The file's text with its frontmatter blanked out, lines kept. */
  content: string;
  anchors: string[];
  links: PageLink[];
}

// ---------------------------------------------------------------- files

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const slash = (path: string) => path.split(sep).join('/');
const isDirectory = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/** Fumadocs' slugs of a content file: its path without extension, `index` dropped, `(group)` folders dropped. */
function slugsOf(contentDir: string, path: string): string[] {
  const parts = slash(relative(contentDir, path)).replace(/\.mdx?$/, '').split('/');
  if (parts.at(-1) === 'index') parts.pop();
  return parts.filter((part) => !/^\(.+\)$/.test(part));
}

const pageUrl = (slugs: readonly string[]) => (slugs.length === 0 ? docsRoute : `${docsRoute}/${slugs.join('/')}`);

/** The frontmatter blanked to empty lines, so positions stay the file's. */
function withoutFrontmatter(text: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(text);
  return match ? match[0].replace(/[^\n]/g, '') + text.slice(match[0].length) : text;
}

// ---------------------------------------------------------------- anchors

type JsxElement = Extract<Nodes, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;
const isJsx = (node: Nodes | RootContent): node is JsxElement => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

function jsxAttribute(node: JsxElement, name: string): string | undefined {
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'string') return attribute.value;
  }
  return undefined;
}

/** A link as the page writes it, and where. */
interface PageLink {
  href: string;
  line: number;
  column: number;
}

/** A node's link URLs: a markdown link's or definition's, and JSX `href`s. */
function hrefsOf(node: Nodes): string[] {
  const hrefs: string[] = [];
  if (node.type === 'link' || node.type === 'definition') hrefs.push(node.url);
  if (isJsx(node) && node.name && hrefAttributes[node.name]) {
    for (const name of hrefAttributes[node.name]!) {
      const value = jsxAttribute(node, name);
      if (value) hrefs.push(value);
    }
  }
  return hrefs;
}

/** The links next-validate-link reads in a tree (its `onNode` below), with where each is. */
function linksIn(tree: Root): PageLink[] {
  const links: PageLink[] = [];
  visit(tree, (node: Nodes) => {
    // As next-validate-link visits: nodes with a position, the root left out.
    if (!node.position || node.type === 'root') return;
    for (const href of hrefsOf(node)) links.push({ href, line: node.position.start.line, column: node.position.start.column });
  });
  return links;
}

/**
 * A page read once: its links as written (the tree next-validate-link would
 * parse: remark-mdx and remark-gfm, no plugins), then every id the compiled
 * page carries: heading ids after the site's plugins, and JSX `id`
 * attributes. Read once, because parsing each page a second time for its
 * links was a large share of the check.
 */
async function readPage(page: Pick<DocsPage, 'path' | 'content'>, remarkPlugins: PluggableList): Promise<{ anchors: string[]; links: PageLink[] }> {
  // Fumadocs MDX's order (its preset): remark-gfm, remark-heading, then the site's plugins.
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkHeading, { generateToc: false }).use(remarkPlugins);
  const file = new VFile({ path: page.path, value: page.content });
  const parsed = processor.parse(file) as Root;
  // A .md page is markdown to next-validate-link (no JSX): its links come from that parse.
  const links = page.path.endsWith('.mdx') ? linksIn(parsed) : linksIn(unified().use(remarkParse).use(remarkGfm).parse(file) as Root);
  const tree = (await processor.run(parsed, file)) as Root;
  const anchors = new Set<string>();
  visit(tree, (node: Nodes) => {
    const id = (node.data as { hProperties?: { id?: unknown } } | undefined)?.hProperties?.id;
    if (typeof id === 'string') anchors.add(id);
    if (isJsx(node)) {
      const attribute = jsxAttribute(node, 'id');
      if (attribute) anchors.add(attribute);
    }
  });
  return { anchors: [...anchors], links };
}

/**
 * A page's links as next-validate-link reads a file: one markdown link a
 * line (the destination escaped, so it parses back to the same URL), and
 * the line each stands for, so a problem names the page's own line and
 * column. The page itself is not parsed again.
 */
function linksAsMarkdown(links: readonly PageLink[]): { content: string; at: PageLink[] } {
  const destination = (href: string) => `<${href.replace(/[\\<>&]/g, '\\$&')}>`;
  return { content: links.map((link) => `[link](${destination(link.href)})`).join('\n'), at: [...links] };
}

// ---------------------------------------------------------------- routes

/** App Router route handlers (route.ts), as next-validate-link's `pages` (it takes their folders). */
function routeHandlers(appDir: string): string[] {
  return walk(appDir)
    .map((path) => slash(relative(appDir, path)))
    .filter((path) => /(^|\/)route\.(ts|tsx|js|jsx)$/.test(path));
}

async function scan(options: CheckLinksOptions, pages: readonly DocsPage[]): Promise<ScanResult> {
  const scanned = await scanURLs({
    preset: 'next',
    cwd: options.root,
    pages: routeHandlers(options.appDir),
    populate: {
      [docsSegments]: pages.map((page) => ({ value: { slug: page.slugs }, hashes: page.anchors })),
      'problems/[code]': options.problemCodes.map((code) => ({ value: { code } })),
      'og/docs/[...slug]': pages.map((page) => ({ value: { slug: [...page.slugs, 'image.png'] } })),
      // The 404 catch-alls and the internal rewrite targets of the twins are no link targets.
      '[...missing]': [],
      'api/[...missing]': [],
      'v1/[...missing]': [],
      'llms.mdx/docs/[[...slug]]': [],
      'llms.mdx/problems/[code]': [],
    },
  });
  // The markdown twins (served by proxy.ts through the rewrite targets above).
  for (const page of pages) scanned.urls.set(`${page.url}.md`, {});
  for (const code of options.problemCodes) scanned.urls.set(`/problems/${code}.md`, {});
  // Metadata files Next serves from app/ by name (icon.svg, favicon.ico).
  for (const entry of readdirSync(options.appDir, { withFileTypes: true })) {
    if (entry.isFile() && /^(icon|favicon|apple-icon)\./.test(entry.name)) scanned.urls.set(`/${entry.name}`, {});
  }
  return scanned;
}

// ---------------------------------------------------------------- links

/** Link URLs in JSX attributes. */
const hrefAttributes: Record<string, string[]> = { Card: ['href'], a: ['href'] };

/**
 * The link as next-validate-link should see it: an in-page `#fragment`
 * made absolute (it skips links without a path), and the fragment
 * percent-decoded, as the browser does before it looks for the id
 * (lib/routes.ts anchorUrl encodes `<name>` in option names).
 */
function resolveHref(href: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
  const hash = href.indexOf('#');
  if (hash < 0) return href;
  let fragment = href.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // Not percent-encoded: taken as written.
  }
  return `${hash === 0 ? url : href.slice(0, hash)}#${fragment}`;
}

const reasons: Record<string, string> = {
  'not-found': 'no page or route has this path',
  'invalid-fragment': 'the page has no anchor with this id',
  'invalid-query': 'the page takes no such query',
};

async function validate(file: FileObject & { url: string }, scanned: ScanResult, pathToUrl: (path: string) => string | undefined, root: string, shown: string) {
  const written = new Map<string, string>();
  const results = await validateFiles([file], {
    scanned,
    pathToUrl,
    checkRelativePaths: 'as-url',
    // A relative link resolves against the page's URL as a browser does:
    // from /docs (the index page), `./install` is /install.
    baseUrl: '/',
    markdown: {
      onNode(node) {
        return {
          hrefs: hrefsOf(node as Nodes).map((href) => {
            const resolved = resolveHref(href, file.url);
            written.set(resolved, href);
            return resolved;
          }),
        };
      },
    },
  });
  return results.flatMap((result) =>
    result.errors.map((error: ValidateError) => ({
      file: shown || slash(relative(root, result.file)),
      line: error.line,
      column: error.column,
      link: written.get(error.url) ?? error.url,
      reason: error.reason instanceof Error ? error.reason.message : (reasons[error.reason] ?? error.reason),
    })),
  );
}

// ---------------------------------------------------------------- meta.json

const metaLink = /^(?<external>external:)?(?:\[[^\]]+])?\[[^\]]+]\((?<url>[^)]+)\)$/;
const metaSeparator = /^---(?:\[[^\]]+])?.+---$|^---$/;

/** The line of an entry in the file (the first line holding it as a JSON string). */
function lineOf(text: string, entry: string): number {
  const index = text.indexOf(JSON.stringify(entry));
  return index < 0 ? 1 : text.slice(0, index).split('\n').length;
}

/**
 * A meta.json's entries (Fumadocs' page tree syntax): `...`, `z...a`,
 * separators `---Name---`, links `[Text](url)` (`external:` ones are not
 * checked), `!name` and `...folder`, and names of a page or folder in the
 * same directory. Fumadocs leaves an entry naming nothing out of the
 * sidebar without a word; here it is a problem.
 */
async function checkMeta(path: string, options: CheckLinksOptions, scanned: ScanResult, pathToUrl: (path: string) => string | undefined) {
  const text = readFileSync(path, 'utf8');
  const shown = slash(relative(options.root, path));
  const dir = join(path, '..');
  const problems: LinkProblem[] = [];
  let data: { pages?: unknown; pagesIndex?: unknown };
  try {
    data = JSON.parse(text) as typeof data;
  } catch (error) {
    return [{ file: shown, line: 1, column: 1, link: '', reason: `not JSON: ${(error as Error).message}` }];
  }
  const entries = [...(Array.isArray(data.pages) ? data.pages : []), ...(typeof data.pagesIndex === 'string' ? [data.pagesIndex] : [])];
  const links: { line: number; url: string; entry: string }[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string' || entry === '...' || entry === 'z...a' || metaSeparator.test(entry)) continue;
    const line = lineOf(text, entry);
    const link = metaLink.exec(entry);
    if (link?.groups) {
      if (!link.groups.external) links.push({ line, url: link.groups.url!, entry });
      continue;
    }
    const name = entry.startsWith('!') ? entry.slice(1) : entry.startsWith('...') ? entry.slice(3) : entry;
    const target = join(dir, name);
    const exists = entry.startsWith('...') ? isDirectory(target) : isDirectory(target) || isFile(`${target}.mdx`) || isFile(`${target}.md`);
    if (!exists) {
      problems.push({ file: shown, line, column: text.split('\n')[line - 1]!.indexOf('"') + 1, link: entry, reason: `names no ${entry.startsWith('...') ? 'folder' : 'page or folder'} in ${slash(relative(options.root, dir))}` });
    }
  }
  if (links.length > 0) {
    // The links as a markdown file whose lines are the meta.json's, so a problem names the entry's line.
    const lines = text.split('\n').map(() => '');
    for (const { line, url } of links) lines[line - 1] = `[entry](${url})`;
    const url = pageUrl(slugsOf(options.contentDir, join(dir, 'index.mdx')));
    const found = await validate({ path: `${path}.md`, content: lines.join('\n'), url }, scanned, pathToUrl, options.root, shown);
    const entryAt = new Map(links.map((link) => [link.line, link.entry]));
    problems.push(...found.map((problem) => ({ ...problem, column: 1, link: entryAt.get(problem.line) ?? problem.link })));
  }
  return problems;
}

// ---------------------------------------------------------------- check

/** Every broken link of the docs, in file order. */
export async function checkLinks(options: CheckLinksOptions): Promise<LinkProblem[]> {
  const files = walk(options.contentDir).sort();
  const pages: DocsPage[] = [];
  for (const path of files.filter((file) => /\.mdx?$/.test(file))) {
    const slugs = slugsOf(options.contentDir, path);
    const page = { path, slugs, url: pageUrl(slugs), content: withoutFrontmatter(readFileSync(path, 'utf8')) };
    const { anchors, links } = await readPage(page, options.remarkPlugins);
    pages.push({ ...page, anchors, links });
  }
  const scanned = await scan(options, pages);
  const urlOfPath = new Map(pages.map((page) => [page.path, page.url]));
  const pathToUrl = (path: string) => urlOfPath.get(path);
  const problems: LinkProblem[] = [];
  for (const page of pages) {
    if (page.links.length === 0) continue;
    const { content, at } = linksAsMarkdown(page.links);
    const found = await validate({ path: `${page.path}.md`, content, url: page.url }, scanned, pathToUrl, options.root, slash(relative(options.root, page.path)));
    problems.push(...found.map((problem) => ({ ...problem, line: at[problem.line - 1]!.line, column: at[problem.line - 1]!.column })));
  }
  for (const path of files.filter((file) => file.endsWith(`${sep}meta.json`) || file === 'meta.json')) {
    problems.push(...(await checkMeta(path, options, scanned, pathToUrl)));
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** One line per problem: `file:line:column: link — reason`. */
export function formatLinkProblems(problems: readonly LinkProblem[]): string {
  return problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.link} — ${problem.reason}`).join('\n');
}
