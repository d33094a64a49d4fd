import { createHash } from 'node:crypto';
import { generateOGImage } from 'fumadocs-ui/og';
import { notFound } from 'next/navigation';
import { routeDocs } from '@/lib/docs-source/route-docs';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { siteName } from '@/lib/site';

/**
 * Open Graph image of one docs page (`next/og` under the hood), rendered on
 * its first request rather than at build: the build then grows with the
 * pages' HTML alone (one image costs as much to prerender as a page), and
 * an image nobody shares is never drawn.
 *
 * What makes a repeat cheap: a deployment's images never change, so they
 * carry the policy of the site's other per-deployment documents (a CDN
 * keeps them for a day, a browser for an hour), an entity tag made from
 * what the image shows (RFC 9110 §8.8.3; a matching `If-None-Match` is a
 * 304 without drawing, §13.1.2), and up to `maxKept` drawings are kept in
 * memory, by that tag, for a server with no CDN in front (under `next dev`
 * an edited title is a new tag, so a new drawing). Concurrent first
 * requests for one image share one drawing.
 */
const pageImageCacheControl = 'public, max-age=3600, s-maxage=86400';
const maxKept = 64;

const kept = new BoundedMap<string, Promise<ArrayBuffer>>(maxKept);

/** What the image is drawn from; its digest is the entity tag. */
function imageFacts(title: string, description: string | undefined) {
  return { title, description, site: siteName };
}

function draw(key: string, facts: ReturnType<typeof imageFacts>): Promise<ArrayBuffer> {
  const held = kept.get(key);
  if (held) return held;
  const drawing = generateOGImage(facts).arrayBuffer();
  kept.set(key, drawing);
  // A failed drawing is not kept, so the next request tries again.
  drawing.catch(() => kept.deleteIf(key, drawing));
  return drawing;
}

export async function pageImageResponse(request: Request, segments: readonly string[]) {
  const { findPage } = await routeDocs();
  const page = segments.at(-1) === 'image.png' ? findPage(segments.slice(0, -1)) : undefined;
  if (!page) notFound();
  const facts = imageFacts(page.data.title, page.data.description);
  const etag = `"${createHash('sha256').update(JSON.stringify(facts)).digest('base64url').slice(0, 27)}"`;
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': pageImageCacheControl, ETag: etag };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const png = await draw(etag, facts);
  return new Response(request.method === 'HEAD' ? null : png, { headers: { ...headers, 'Content-Length': String(png.byteLength) } });
}
