import { endpointById } from '@/lib/endpoints/doors/docs';
import { door } from '@/lib/endpoints/handler';
import { routeDocs } from '@/lib/docs-source/route-docs';

const markdownHeaders = { 'Content-Type': 'text/markdown; charset=utf-8' };
/** Twins change with a deploy only; unknown paths are never cached (a stranger's typo must not fill a cache). */
const twinCache = 'public, max-age=300, s-maxage=3600';

export async function markdownTwinResponse(segments: readonly string[]): Promise<Response> {
  const { findPage, llms } = await routeDocs();
  const page = segments.at(-1) === 'content.md' ? findPage(segments.slice(0, -1)) : undefined;
  if (!page) {
    return new Response('# Not found\n\nNo documentation page has this path. See /llms.txt for every page.\n', {
      status: 404,
      headers: { ...markdownHeaders, 'Cache-Control': 'no-store' },
    });
  }
  return new Response(await llms.page(page), { headers: { ...markdownHeaders, 'Cache-Control': twinCache } });
}

/** llmstxt.org index: one entry per page. */
export const llmsTxtHandler = door(endpointById('llmsTxt'), async () =>
  new Response(await (await routeDocs()).llms.index(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
);

/** Every page's markdown, one after another. */
export const llmsFullTxtHandler = door(endpointById('llmsFullTxt'), async () =>
  new Response(await (await routeDocs()).llms.full(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
);
