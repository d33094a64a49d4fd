import { defineConfig, defineDocs } from 'fumadocs-mdx/config';
import { defaultStringifier, rehypeCodeDefaultOptions, remarkStructureDefaultOptions } from 'fumadocs-core/mdx-plugins';
import { metaSchema, pageSchema } from 'fumadocs-core/source/schema';
import remarkCatalog, { isCatalogCode, isExcludedFromSearch } from './lib/docs-build/remark-catalog';
import remarkApiReference from './lib/docs-build/remark-api-reference';
import remarkApiExamples from './lib/docs-build/remark-api-examples';
import remarkAgents from './lib/docs-build/remark-agents';
import remarkDiscovery from './lib/docs-build/remark-discovery';
import remarkRateLimits from './lib/docs-build/remark-rate-limits';
import rehypeNameBreaks from './lib/docs-build/rehype-name-breaks';
import rehypeStaticTrees from './lib/docs-build/rehype-static-trees';
import rehypeJsonExports from './lib/docs-build/rehype-json-exports';
import { componentMarkdown } from './lib/docs-build/component-markdown';
import { rememberBlocks, rememberTopBlocks } from './lib/docs-build/markdown-memo';
import { SourceMapGenerator } from 'source-map';

// Each page's processed markdown (the text views, /llms-full.txt) and search
// sections are read from the compiled pages by scripts/compile-docs.mjs alone
// (scripts/build-search-data.mjs before a build, and its child under `next
// dev`, lib/docs-source/dev-docs.ts), which says so with SVC_DOCS_DATA; every
// route reads them from the docs data it makes (lib/docs-source/docs-data.ts),
// and the docs page renders the body alone. So `next build` and `next dev`
// leave both out of the pages they compile: writing a page's markdown out
// again was a share of its compile, paid per page, and under `next dev`
// after each edit, before the page showed it.
const docsDataInPages = process.env.SVC_DOCS_DATA === '1';
// scripts/build-search-data.mjs (SVC_DOCS_DATA) keeps each page's search
// sections and processed markdown, both made before the HTML stage, and
// throws the compiled body away: its pages are not highlighted, given a table
// of contents or turned into trees, work the data does not need.
const docsDataOnly = process.env.SVC_DOCS_DATA === '1';

// Under `next dev` the compiler child (lib/docs-source/dev-docs.ts, which
// inherits NODE_ENV) remembers the markdown of blocks that did not change
// between compiles (lib/docs-build/markdown-memo.ts): writing the option
// entries out again was most of its compile after each edit. A build writes
// each page once.
const rememberMarkdown = process.env.NODE_ENV === 'development';

/** Each node's markdown for the processed markdown: Fumadocs UI's components, the rest by default. */
const processedMarkdown = rememberMarkdown ? rememberTopBlocks(componentMarkdown) : componentMarkdown;

/** A search section's text: an install line's bare command, components as markdown, the rest by default. */
const sectionText = defaultStringifier({
  stringify: (node, parent, state, info) => (isCatalogCode(node) ? node.value : componentMarkdown(node, parent, state, info)),
});

// The docs collection: MDX pages and meta.json files under content/docs.
// `includeProcessedMarkdown` keeps each page's markdown for the text views
// (/docs/{path}.md, /llms-full.txt), Fumadocs UI's components (<Tabs>,
// <TypeTable>, …) written as markdown (lib/docs-build/component-markdown.ts).
export const docs = defineDocs({
  dir: 'content/docs',
  docs: {
    schema: pageSchema,
    postprocess: { includeProcessedMarkdown: docsDataInPages ? { stringify: processedMarkdown } : false },
  },
  meta: { schema: metaSchema },
});

export default defineConfig({
  mdxOptions: {
    // Under `next dev` a page's source map points at its .mdx file. Without it
    // the map embeds the compiled page (the expanded tables too), and React's
    // dev renderer, after each edit, hands that map to Node again for every
    // element of the page (its owner stacks): seconds per edit here.
    // `next build` emits no server source maps, so it is left out there.
    SourceMapGenerator: process.env.NODE_ENV === 'development' ? SourceMapGenerator : undefined,
    // Catalog elements (<InstallLine />, <DesktopDetails />, …) become plain
    // markdown before the page, its twin and its search rows are made.
    // Install lines use SITE_URL (publicOrigin) as it is at build time.
    // <EndpointReference id="…" /> in the API pages becomes the endpoint's
    // reference (parameters, shapes, codes) generated from /openapi.json;
    // <ProblemCodes /> the table of the failure codes.
    // <ApiExample path="…" /> becomes a curl command and the answer the
    // service gives it, run at build time (sandbox answers are the same bytes).
    // <ToolReference name="…" />, <ToolReferences /> and <McpClientConfig client="…" />
    // in the Agents pages become the MCP tool references and client snippets,
    // generated from the tool table (lib/agents/tools.ts); <McpServers /> the
    // servers and their tools; <A2aSkills /> the A2A skills with the tool each
    // runs (lib/agents/a2a.ts).
    // <AgentDnsRecords /> becomes the DNS records of the agent doors for
    // SITE_URL (lib/discovery/dns-records.ts). <RateLimitWindows /> becomes
    // which endpoints count in which rate-limit window, from the endpoint table.
    remarkPlugins: [remarkCatalog, remarkApiReference, remarkApiExamples, remarkAgents, remarkDiscovery, remarkRateLimits],
    // Last, after Fumadocs' code highlighting and table of contents: each run
    // of plain markup becomes one static tree holding it as JSON, rendered by
    // components/docs/static-tree.tsx, instead of a `_jsx` call per element;
    // then the exported data (search sections, contents) is compiled as JSON.
    rehypePlugins: (defaults) => (docsDataOnly ? [] : [...defaults, rehypeNameBreaks, rehypeStaticTrees, rehypeJsonExports]),
    // Shiki's MDX grammar highlights JSX with the TSX grammar, but only when
    // TSX happens to be loaded already: with languages loaded lazily, an
    // `mdx` block came out highlighted or plain depending on which pages the
    // same loader worker compiled before it. TSX, with the languages the docs
    // use today, is loaded before any page is highlighted; others still load
    // on first use.
    rehypeCodeOptions: docsDataOnly ? false : { ...rehypeCodeDefaultOptions, langs: ['tsx', 'mdx', 'sh', 'json', 'http', 'ts'] },
    remarkStructureOptions: docsDataInPages && {
      // The search index also takes in the install lines (code blocks are
      // otherwise left out), as the bare command without the fence.
      types: (node) => (remarkStructureDefaultOptions.types.includes(node.type) || isCatalogCode(node)) && !isExcludedFromSearch(node),
      // An accordion, a card or a file tree is one row, titles and text
      // together; the content of other components is indexed paragraph by
      // paragraph, and components without children (<TypeTable>) by their
      // markdown (lib/docs-build/component-markdown.ts).
      mdxTypes: (node) => remarkStructureDefaultOptions.mdxTypes(node) || ['Accordion', 'Card', 'Files'].includes(node.name ?? ''),
      stringify: rememberMarkdown ? rememberBlocks(sectionText) : sectionText,
    },
  },
});
