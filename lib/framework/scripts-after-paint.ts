/**
 * A prerendered page's script files requested after its first paint
 * (docs/decisions/0012-first-paint-in-one-round-trip.md). Next writes its
 * chunks as `<script src="/_next/static/…" async="">` in the head, plus a
 * low-priority preload, so the browser asks for them as soon as it reads
 * the head: on a phone's link they share the first round trips with the
 * document, and Lighthouse's simulation counts every one in the first and
 * the largest paint. Nothing on the first screen needs them (the page is
 * HTML and CSS; they hydrate it).
 *
 * Each becomes a data block naming its file, and one small inline script,
 * the same on every page (`afterPaintLoader`), adds them as async scripts
 * once the page has painted: a frame, then a task, as Next's own async
 * scripts would have run, in no fixed order. A hidden tab paints no frame,
 * so there they are added at once.
 */

/** The data blocks' type: not JavaScript, so the browser neither fetches nor runs them. */
export const afterPaintType = 'text/x-after-paint';

/** Written short by hand: every page carries it, allowed by its hash. */
export const afterPaintLoader =
  `(()=>{const go=()=>{for(const s of document.querySelectorAll('script[type="${afterPaintType}"]')){` +
  "const e=document.createElement('script');e.src=s.dataset.src;document.head.append(e)}};" +
  "document.visibilityState==='hidden'?go():requestAnimationFrame(()=>setTimeout(go))})()";

/** Next's chunk scripts and preloads, as React writes them. */
const chunkScript = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const chunkPreload = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"]+\.js)"\/>/g;

export interface ScriptsAfterPaint {
  html: string;
  /** The loader, when the page now runs it (to be allowed by hash). */
  inlineScripts: string[];
}

/** The page with its chunk scripts deferred to after its first paint; a page done before comes back unchanged. */
export function scriptsAfterPaint(html: string): ScriptsAfterPaint {
  const loader = `<script>${afterPaintLoader}</script>`;
  if (html.includes(loader)) return { html, inlineScripts: [afterPaintLoader] };
  const deferred = new Set<string>();
  let result = html.replace(chunkScript, (_tag, src: string) => {
    deferred.add(src);
    return `<script type="${afterPaintType}" data-src="${src}"></script>`;
  });
  const bodyEnd = result.lastIndexOf('</body>');
  if (deferred.size === 0 || bodyEnd < 0) return { html, inlineScripts: [] };
  // A preload would fetch the file at once: the data block asks for it after the paint instead.
  result = result.replace(chunkPreload, (tag, href: string) => (deferred.has(href) ? '' : tag));
  const loaderAt = result.lastIndexOf('</body>');
  result = result.slice(0, loaderAt) + loader + result.slice(loaderAt);
  return { html: result, inlineScripts: [afterPaintLoader] };
}
