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
 * once the page's first contentful paint is on the screen (its Paint Timing
 * entry: https://www.w3.org/TR/paint-timing/), then a task, as Next's own
 * async scripts would have run, in no fixed order. Not a frame earlier: a
 * frame's callback runs before that frame reaches the screen, so a request
 * made there still counts in Lighthouse's simulated first paint. A browser
 * without Paint Timing waits a frame and a task; a hidden tab paints
 * nothing, so there (and when the tab is hidden before its paint) they are
 * added at once, and after 3 s whatever happened.
 *
 * Every function in those files runs while the page hydrates, so each file
 * also starts with V8's compile hint (`withCompileHint`): Chrome then
 * compiles the whole file on the thread that streams it in, not function by
 * function on the main thread during hydration.
 */

/** The data blocks' type: not JavaScript, so the browser neither fetches nor runs them. */
export const afterPaintType = 'text/x-after-paint';

/** Written short by hand: every page carries it, allowed by its hash. */
export const afterPaintLoader =
  `(()=>{let d=0;const go=()=>{if(d++)return;for(const s of document.querySelectorAll('script[type="${afterPaintType}"]')){` +
  "const e=document.createElement('script');e.src=s.dataset.src;document.head.append(e)}};" +
  "if(document.visibilityState==='hidden')return go();addEventListener('visibilitychange',go,{once:true});setTimeout(go,3e3);" +
  "typeof PerformanceObserver<'u'&&PerformanceObserver.supportedEntryTypes?.includes('paint')" +
  "?new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})" +
  ':requestAnimationFrame(()=>setTimeout(go))})()';

/** The data blocks this module writes, each naming its file. */
const dataBlock = new RegExp(`<script type="${afterPaintType}" data-src="([^"]+)"></script>`, 'g');

/** Next's chunk scripts and preloads, as React writes them. */
const chunkScript = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const chunkPreload = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"]+\.js)"\/>/g;

export interface ScriptsAfterPaint {
  html: string;
  /** The loader, when the page now runs it (to be allowed by hash). */
  inlineScripts: string[];
  /** The script files the page adds after its paint, by public path (`/_next/static/…`). */
  files: string[];
}

/**
 * V8's explicit compile hint: a file that starts with this comment is compiled eagerly, whole, on the background
 * thread that streams it (Chrome 136 on); without it V8 compiles each function lazily on the main thread when it
 * is first called. https://v8.dev/blog/explicit-compile-hints
 */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** A script file's source with the compile hint first; a file that has it comes back unchanged. */
export function withCompileHint(source: string): string {
  return source.startsWith(compileHint) ? source : compileHint + source;
}

/** The page with its chunk scripts deferred to after its first paint; a page done before comes back unchanged. */
export function scriptsAfterPaint(html: string): ScriptsAfterPaint {
  const loader = `<script>${afterPaintLoader}</script>`;
  if (html.includes(loader)) {
    const files = [...html.matchAll(dataBlock)].map((match) => match[1]!);
    return { html, inlineScripts: [afterPaintLoader], files };
  }
  const deferred = new Set<string>();
  let result = html.replace(chunkScript, (_tag, src: string) => {
    deferred.add(src);
    return `<script type="${afterPaintType}" data-src="${src}"></script>`;
  });
  const bodyEnd = result.lastIndexOf('</body>');
  if (deferred.size === 0 || bodyEnd < 0) return { html, inlineScripts: [], files: [] };
  // A preload would fetch the file at once: the data block asks for it after the paint instead.
  result = result.replace(chunkPreload, (tag, href: string) => (deferred.has(href) ? '' : tag));
  const loaderAt = result.lastIndexOf('</body>');
  result = result.slice(0, loaderAt) + loader + result.slice(loaderAt);
  return { html: result, inlineScripts: [afterPaintLoader], files: [...deferred] };
}
