import type { BlockContent, List, ListItem, PhrasingContent, Root } from 'mdast';
import type { VFile } from 'vfile';
import type { EndpointSpec, EndpointTag } from '../endpoints/endpoint';
import { endpoints } from '../endpoints/descriptions';
import { elementLocation, inlineCode, paragraph, replaceElements, strong, text } from '@/lib/docs/mdast-builders';

/**
 * remark-rate-limits: replaces `<RateLimitWindows />` on the Limits page
 * with which endpoints count in which rate-limit window, read from the
 * endpoint table (lib/endpoints/contract.ts: `rateLimited`, `rateLimitBucket`)
 * at build time, the same rows the route layer applies the limit from. The
 * page cannot drift from what the server counts: a row that changes its
 * window changes the page at the next build.
 */
const rateLimitWindowsElementName = 'RateLimitWindows';

/** The shared window's name in `RateLimit-Policy` (lib/http/rate-limit-headers.ts). */
export const sharedWindow = 'default';

interface WindowEndpoint {
  method: string;
  path: string;
  tag: EndpointTag;
}

interface RateLimitWindows {
  /** Counted in the window every rate-limited endpoint shares. */
  shared: WindowEndpoint[];
  /** Counted in a window of its own, by the name `RateLimit-Policy` gives it. */
  own: Array<{ window: string; endpoints: WindowEndpoint[] }>;
  /** Not counted at all. */
  uncounted: WindowEndpoint[];
}

/** The endpoint table's rows by window, in table order. */
function rateLimitWindows(rows: readonly EndpointSpec[] = endpoints): RateLimitWindows {
  const windows: RateLimitWindows = { shared: [], own: [], uncounted: [] };
  for (const row of rows) {
    const entry = { method: row.method, path: row.path, tag: row.tag };
    if (!row.rateLimited) windows.uncounted.push(entry);
    else if (!row.rateLimitBucket) windows.shared.push(entry);
    else {
      const bucket = row.rateLimitBucket;
      const own = windows.own.find((window) => window.window === bucket) ?? windows.own[windows.own.push({ window: bucket, endpoints: [] }) - 1]!;
      own.endpoints.push(entry);
    }
  }
  return windows;
}

// ---------------------------------------------------------------- mdast

interface Item {
  head: PhrasingContent[];
  nested?: List;
}

const listOf = (items: readonly Item[]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map(
    ({ head, nested }): ListItem => ({ type: 'listItem', spread: false, children: [paragraph(head), ...(nested ? [nested] : [])] }),
  ),
});

const endpointCodes = (entries: readonly WindowEndpoint[]): PhrasingContent[] =>
  entries.flatMap((entry, index) => [...(index > 0 ? [text(', ')] : []), inlineCode(`${entry.method} ${entry.path}`)]);

/** One line per tag: `Tag: `GET /a`, `POST /b``. */
function byTag(entries: readonly WindowEndpoint[]): List {
  const tags = [...new Set(entries.map((entry) => entry.tag))];
  return listOf(tags.map((tag) => ({ head: [text(`${tag}: `), ...endpointCodes(entries.filter((entry) => entry.tag === tag))] })));
}

const policy = (window: string) => inlineCode(`RateLimit-Policy: "${window}"`);

function rateLimitWindowsBlocks(windows: RateLimitWindows = rateLimitWindows()): BlockContent[] {
  return [
    listOf([
      { head: [strong([text('The shared window')]), text(' ('), policy(sharedWindow), text('):')], nested: byTag(windows.shared) },
      ...windows.own.map((own) => ({
        head: [strong([text('A window of its own')]), text(' ('), policy(own.window), text('): '), ...endpointCodes(own.endpoints)],
      })),
      { head: [strong([text('Not counted')]), text(':')], nested: byTag(windows.uncounted) },
    ]),
  ];
}

const isWindowsElement = (name: string | null): name is typeof rateLimitWindowsElementName => name === rateLimitWindowsElementName;

export default function remarkRateLimits() {
  return (tree: Root, file?: VFile): void =>
    replaceElements(tree, file, isWindowsElement, {
      flow: (element) => {
        if (element.attributes.length > 0 || element.children.length > 0) {
          throw new Error(`${elementLocation(element, file)}: <${rateLimitWindowsElementName}> takes no attributes and no children`);
        }
        return rateLimitWindowsBlocks();
      },
    });
}
