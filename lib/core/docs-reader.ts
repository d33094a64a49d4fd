/**
 * The documentation pages as a door reads them whole (the MCP resources,
 * lib/agents/mcp-resources.ts): each page's place, title, headings, its
 * markdown twin and its last-changed date. The composition root is given
 * the site's reader at server start (instrumentation.ts, over
 * lib/docs-source), as it is given the search index: importing the docs
 * source here would put it in every module graph that reaches the core.
 */
export interface DocsReaderPage {
  /** Path segments under /docs (empty for the docs' first page). */
  slugs: readonly string[];
  title: string;
  description?: string;
  /** The page's headings in order, with their anchors (the search index's structured data). */
  headings: readonly { id: string; content: string }[];
  /** ISO 8601: when the page last changed. */
  lastModified: string;
  /** The page's markdown twin, the bytes /docs/<path>.md answers. */
  markdown(): Promise<string>;
}

export interface DocsReader {
  /** Every page, in the order of the docs' source. */
  pages(): Promise<readonly DocsReaderPage[]>;
}

/** Until the site's reader is installed: a door that reads pages says so, as the search does without its index. */
export const noDocsReader: DocsReader = {
  pages: () => Promise.reject(new Error('no docs reader is installed (instrumentation.ts installs the site one)')),
};
