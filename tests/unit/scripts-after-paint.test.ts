import { describe, expect, it } from 'vitest';
import { afterPaintLoader, afterPaintType, compileHint, scriptsAfterPaint, withCompileHint } from '@/lib/framework/scripts-after-paint';

/**
 * A prerendered page's script files asked for after its first paint (lib/framework/scripts-after-paint.ts): Next's
 * chunk scripts become data blocks, their preloads go, and one loader, the same on every page, adds them as async
 * scripts after a frame and a task (at once in a hidden tab).
 */

const head =
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/other.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js" async=""></script>' +
  '<script src="/_next/static/chunks/legacy.js" noModule=""></script>';
const body = '<main>hi</main><script>self.x=1</script><script src="/_next/static/chunks/late.js" async=""></script>';
const page = `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

/** The paint entries a Paint Timing observer is given. */
type PaintList = { getEntriesByName: (name: string) => unknown[] };

/**
 * Runs the loader against a document holding the page's data blocks, with the browser's clocks and observers in
 * hand: returns what it appended, the frames and timers it asked for, its listeners, and a way to report paints.
 */
function runLoader(html: string, visibilityState: 'visible' | 'hidden', { paintTiming = true } = {}) {
  const blocks = [...html.matchAll(new RegExp(`<script type="${afterPaintType}" data-src="([^"]+)"></script>`, 'g'))].map((match) => ({ dataset: { src: match[1] } }));
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  const listeners: { type: string; run: () => void }[] = [];
  const observers: { callback: (list: PaintList, observer: { disconnect: () => void }) => void; options: unknown; connected: boolean }[] = [];
  const document = {
    visibilityState,
    querySelectorAll: (selector: string) => (selector === `script[type="${afterPaintType}"]` ? blocks : []),
    createElement: () => ({ src: '' }),
    head: { append: (element: { src: string }) => appended.push(element.src) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: (typeof observers)[number]['callback']) {
      observers.push({ callback, options: undefined, connected: false });
    }
    observe(options: unknown) {
      Object.assign(observers.at(-1)!, { options, connected: true });
    }
  }
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'addEventListener', 'PerformanceObserver', afterPaintLoader)(
    document,
    (run: () => void) => frames.push(run),
    (run: () => void, delay = 0) => timers.push({ run, delay }),
    (type: string, run: () => void) => listeners.push({ type, run }),
    paintTiming ? PerformanceObserver : undefined,
  );
  /** The browser reports paints by name, as entries of one list. */
  const paint = (...names: string[]) => {
    for (const observer of observers.filter((o) => o.connected)) {
      const disconnect = () => (observer.connected = false);
      observer.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, { disconnect });
    }
  };
  return { appended, frames, timers, listeners, observers, paint };
}

const files = ['a', 'b', 'late'].map((file) => `/_next/static/chunks/${file}.js`);

describe('scripts after the first paint', () => {
  it("turns Next's chunk scripts into data blocks and drops their preloads, leaving every other script", () => {
    const { html, inlineScripts } = scriptsAfterPaint(page);
    expect(html).not.toMatch(/<script src="[^"]+" async="">/);
    expect(html).not.toContain('rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"');
    expect(html).toContain('href="/_next/static/chunks/other.js"');
    for (const file of ['a', 'b', 'late']) expect(html).toContain(`<script type="${afterPaintType}" data-src="/_next/static/chunks/${file}.js"></script>`);
    expect(html).toContain('<script src="/_next/static/chunks/legacy.js" noModule=""></script>');
    expect(html).toContain('<script>self.x=1</script>');
    expect(html.endsWith(`<script>${afterPaintLoader}</script></body></html>`)).toBe(true);
    expect(inlineScripts).toEqual([afterPaintLoader]);
  });

  it('keeps a preload of a file that is not deferred', () => {
    const { html } = scriptsAfterPaint(page.replace('<script src="/_next/static/chunks/late.js" async=""></script>', ''));
    expect(html).toContain('rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/late.js"');
  });

  it('the loader adds every file a task after the first contentful paint is on the screen, once', () => {
    const { html } = scriptsAfterPaint(page);
    const shown = runLoader(html, 'visible');
    expect(shown.observers).toEqual([expect.objectContaining({ options: { type: 'paint', buffered: true }, connected: true })]);
    expect(shown.frames).toEqual([]);
    // The first paint (the page's background) is not its first contentful paint.
    shown.paint('first-paint');
    expect(shown.timers.filter((timer) => timer.delay === 0)).toEqual([]);
    shown.paint('first-contentful-paint');
    expect(shown.observers[0]!.connected).toBe(false);
    expect(shown.appended).toEqual([]);
    shown.timers.find((timer) => timer.delay === 0)!.run();
    expect(shown.appended).toEqual(files);
    // The fallbacks that follow add nothing twice.
    shown.timers.find((timer) => timer.delay === 3000)!.run();
    shown.listeners.find((listener) => listener.type === 'visibilitychange')!.run();
    expect(shown.appended).toEqual(files);
  });

  it('without Paint Timing, the loader waits a frame and then a task', () => {
    const { html } = scriptsAfterPaint(page);
    const shown = runLoader(html, 'visible', { paintTiming: false });
    expect(shown.frames).toHaveLength(1);
    shown.frames.shift()!();
    expect(shown.appended).toEqual([]);
    shown.timers.find((timer) => timer.delay === 0)!.run();
    expect(shown.appended).toEqual(files);
  });

  it('the loader adds every file at once in a hidden tab, when the tab is hidden before its paint, or after 3 s', () => {
    const { html } = scriptsAfterPaint(page);
    const hidden = runLoader(html, 'hidden');
    expect(hidden.appended).toEqual(files);
    expect([hidden.frames, hidden.timers, hidden.observers]).toEqual([[], [], []]);
    const leftBeforePaint = runLoader(html, 'visible');
    leftBeforePaint.listeners.find((listener) => listener.type === 'visibilitychange')!.run();
    expect(leftBeforePaint.appended).toEqual(files);
    const neverPainted = runLoader(html, 'visible');
    neverPainted.timers.find((timer) => timer.delay === 3000)!.run();
    expect(neverPainted.appended).toEqual(files);
  });

  it('leaves a page done before, or one without chunk scripts, as it is', () => {
    const once = scriptsAfterPaint(page);
    expect(scriptsAfterPaint(once.html)).toEqual(once);
    const plain = '<!DOCTYPE html><html><head></head><body><p>x</p></body></html>';
    expect(scriptsAfterPaint(plain)).toEqual({ html: plain, inlineScripts: [], files: [] });
  });

  it('names the files the page adds after its paint, the same for a page done before', () => {
    const files = ['a', 'b', 'late'].map((file) => `/_next/static/chunks/${file}.js`);
    const once = scriptsAfterPaint(page);
    expect(once.files).toEqual(files);
    expect(scriptsAfterPaint(once.html).files).toEqual(files);
  });

  it("puts V8's compile hint first in a script file, once", () => {
    expect(compileHint).toBe('//# allFunctionsCalledOnLoad\n');
    const hinted = withCompileHint('(globalThis.TURBOPACK||=[]).push([]);');
    expect(hinted).toBe('//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||=[]).push([]);');
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});
