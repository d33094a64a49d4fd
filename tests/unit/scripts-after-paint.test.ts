import { describe, expect, it } from 'vitest';
import { afterPaintLoader, afterPaintType, scriptsAfterPaint } from '@/lib/framework/scripts-after-paint';

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

/** Runs the loader against a document holding the page's data blocks; returns what it appended, and when. */
function runLoader(html: string, visibilityState: 'visible' | 'hidden') {
  const blocks = [...html.matchAll(new RegExp(`<script type="${afterPaintType}" data-src="([^"]+)"></script>`, 'g'))].map((match) => ({ dataset: { src: match[1] } }));
  const appended: string[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const document = {
    visibilityState,
    querySelectorAll: (selector: string) => (selector === `script[type="${afterPaintType}"]` ? blocks : []),
    createElement: () => ({ src: '' }),
    head: { append: (element: { src: string }) => appended.push(element.src) },
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', afterPaintLoader)(document, (f: () => void) => frames.push(f), (f: () => void) => tasks.push(f));
  return { appended, frames, tasks };
}

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

  it('the loader adds every file after a frame and then a task, or at once in a hidden tab', () => {
    const { html } = scriptsAfterPaint(page);
    const shown = runLoader(html, 'visible');
    expect(shown.appended).toEqual([]);
    shown.frames.shift()!();
    expect(shown.appended).toEqual([]);
    shown.tasks.shift()!();
    expect(shown.appended).toEqual(['a', 'b', 'late'].map((file) => `/_next/static/chunks/${file}.js`));
    expect(runLoader(html, 'hidden').appended).toHaveLength(3);
  });

  it('leaves a page done before, or one without chunk scripts, as it is', () => {
    const once = scriptsAfterPaint(page);
    expect(scriptsAfterPaint(once.html)).toEqual(once);
    const plain = '<!DOCTYPE html><html><head></head><body><p>x</p></body></html>';
    expect(scriptsAfterPaint(plain)).toEqual({ html: plain, inlineScripts: [] });
  });
});
