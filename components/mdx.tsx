import type { MDXComponents } from 'mdx/types';
import { Step, Steps } from 'fumadocs-ui/components/steps';
import { AppsPageLink } from './apps/app-download';
import { Accordion, Accordions, Banner, Callout, Card, Cards, File, Files, Folder, ImageZoom, Tab, Tabs, TypeTable } from './docs/fumadocs-components';
import { CodeBlock, DocsLink, heading, isPageHref, Table, tableWrapper } from './docs/mdx-parts';
import { McpPageLink } from './docs/mcp-install-buttons';
import { Mark, markElement } from './mark';
import type { MarkKind } from '@/lib/docs/option-marks';
import { OptionBrowserTable } from './options/option-browser';
import { staticTree } from './docs/static-tree';
import { docsPageUrl, mcp } from '@/lib/routes';

const headings = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
};

/**
 * Fumadocs UI's MDX components, imported one by one rather than through
 * `defaultMdxComponents`, which would also replace the site's own `pre`,
 * `a`, `img` and headings. Steps and Step are plain server markup; the
 * others carry client code and are loaded on demand
 * (components/docs/fumadocs-components.tsx), so a page that uses none of
 * them loads none of their scripts. Their Tailwind classes come from the
 * `@source` lines in app/global.css; their text reaches the `.md` twin,
 * /llms-full.txt and the search index as markdown
 * (lib/docs-build/component-markdown.ts).
 */
const fumadocsComponents = {
  Accordion,
  Accordions,
  Banner,
  Callout,
  Card,
  Cards,
  File,
  Files,
  Folder,
  ImageZoom,
  Step,
  Steps,
  Tab,
  Tabs,
  TypeTable,
};

// Catalog elements (<InstallLine />, <DesktopDetails />, …) need no component:
// lib/docs-build/remark-catalog.ts turns them into markdown when the docs compile.
// The elements below render on the server (components/docs/mdx-parts.tsx).
function getMDXComponents(components?: MDXComponents) {
  const map = {
    ...headings,
    pre: CodeBlock,
    // No prefetch of downloads, /v1, /api, installers or text views.
    a: DocsLink,
    table: Table,
    // Classification marks of the option reference.
    Mark,
    ...fumadocsComponents,
    ...components,
  } satisfies MDXComponents;
  // The page's plain markup, compiled as JSON (lib/docs-build/rehype-static-trees.ts), through the same components,
  // or written as HTML where these give its markup.
  return {
    ...map,
    StaticTree: staticTree(map, {
      link: { component: DocsLink, isPage: isPageHref },
      table: { component: Table, wrap: tableWrapper },
      elements: { Mark: { component: Mark, markup: (attributes, children) => markElement(attributes.kind as MarkKind, children) } },
    }),
  };
}

/**
 * Pages that render some markdown elements their own way, so their text
 * (and with it the markdown twin, /llms-full.txt and the search index)
 * stays plain markdown:
 * - the option browser's table gets its filters;
 * - the apps page's download links become download buttons with the
 *   latest release;
 * - the MCP page's one-click install links become buttons.
 */
const perPage: Record<string, MDXComponents> = {
  [docsPageUrl(['options'])]: { table: OptionBrowserTable },
  [docsPageUrl(['apps'])]: { a: AppsPageLink },
  [mcp.docs]: { a: McpPageLink },
};

// One components object per kind of page, so each keeps its StaticTree (and
// the elements it reuses under `next dev`, components/docs/static-tree.tsx).
const defaultComponents = getMDXComponents();
const perPageComponents = new Map(Object.entries(perPage).map(([url, components]) => [url, getMDXComponents(components)]));

export function pageMDXComponents(url: string): MDXComponents {
  return perPageComponents.get(url) ?? defaultComponents;
}

declare global {
  type MDXProvidedComponents = ReturnType<typeof getMDXComponents>;
}
