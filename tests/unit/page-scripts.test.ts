import type { Element, Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { escapePayload, hashSource, PageScriptsError, payloadRunner, payloadType, preparePage } from '@/lib/framework/page-scripts';

/**
 * Prerendered pages made ready for a policy without 'unsafe-inline' scripts
 * (lib/framework/page-scripts.ts): Next's payload scripts become data one
 * script runs, React's pending Suspense boundaries are completed in the
 * file, and what the payload carries reaches Next's queue unchanged, as the
 * browser's HTML parser reads it.
 */

const theme = '(()=>{document.documentElement.classList.add("dark")})();';
const bundler = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[1]})';
const marker = '(self.__next_f=self.__next_f||[]).push([0])';
// As Next writes a chunk: JSON with `<` as \u003c (so `</script` cannot end the element).
const chunk = (text: string) => `self.__next_f.push(${JSON.stringify([1, text]).replace(/</g, '\\u003c')})`;

function page(body: string, payload: string[]): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><script>${theme}</script>` +
    `<script type="application/ld+json">{"@type":"WebSite"}</script></head><body>${body}` +
    `<script id="_R_">${bundler}</script><script src="/_next/static/chunks/a.js" async=""></script>` +
    `<script>${marker}</script>${payload.map((text) => `<script>${chunk(text)}</script>`).join('')}</body></html>`
  );
}

function elements(node: Nodes, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  if (node.type === 'element' && test(node)) found.push(node);
  if ('children' in node) for (const child of node.children) found.push(...elements(child, test));
  return found;
}

const textOf = (element: Element) => element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');

/** Runs the page's runner over its data blocks as the browser parsed them; returns what it queued for Next. */
function runPayload(html: string): unknown[] {
  const tree = fromHtml(html);
  const blocks = elements(tree, (element) => element.tagName === 'script' && element.properties.type === payloadType).map((element) => ({
    dataset: { escape: element.properties.dataEscape as string | undefined },
    text: textOf(element),
  }));
  const self: { __next_f?: unknown[] } = {};
  const document = { querySelectorAll: (selector: string) => (selector === `script[type="${payloadType}"]` ? blocks : []) };
  new Function('self', 'document', payloadRunner)(self, document);
  return self.__next_f!;
}

describe('preparing a prerendered page', () => {
  it('turns the payload scripts into data the one runner hands to Next, in order', () => {
    const texts = ['1:"$Sreact.fragment"\n', '2:["$","div",null,{"className":"a","children":"<p class=\\"x\\">hi</p>"}]\n'];
    const { html, inlineScripts } = preparePage(page('<main>hi</main>', texts), 'test.html');
    expect(html).not.toContain('__next_f.push([1');
    expect(html).not.toContain(marker);
    expect(runPayload(html)).toEqual([[0], ...texts.map((text) => [1, text])]);
    // The runner follows the last block; the page's own scripts, data blocks and files stay as they were.
    expect(html).toMatch(new RegExp(`</script><script>${payloadRunner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body>`));
    expect(html).toContain(`<script>${theme}</script>`);
    expect(html).toContain(`<script id="_R_">${bundler}</script>`);
    expect(html).toContain('<script type="application/ld+json">{"@type":"WebSite"}</script>');
    expect(html).toContain('<script src="/_next/static/chunks/a.js" async=""></script>');
    expect(inlineScripts).toEqual([theme, bundler, payloadRunner]);
  });

  it('keeps the text the HTML parser would change or end the block on, exactly', () => {
    const awkward = ['T1a,</script><script>alert(1)</script>', 'x<!--<script>y', 'CR\r\nLF and NUL\0.', '</SCRIPT >', 'plain < and <!- and </scripted'];
    const { html } = preparePage(page('', awkward), 'test.html');
    // The theme script, JSON-LD, the bundler's, the file, the blocks and the runner: no block ended early or swallowed another.
    expect(elements(fromHtml(html), (element) => element.tagName === 'script')).toHaveLength(4 + awkward.length + 1);
    expect(runPayload(html)).toEqual([[0], ...awkward.map((text) => [1, text])]);
  });

  it('escapes with a character the text does not hold, and only when it must', () => {
    expect(escapePayload('a < b </p>')).toEqual({ text: 'a < b </p>' });
    const taken = String.fromCharCode(0xe000);
    const escaped = escapePayload(`${taken}</script>`);
    expect(escaped.escape).toBe(String.fromCharCode(0xe001));
    expect(escaped.text).toBe(`${taken}\u{e001}l/script>`);
    expect(() => escapePayload('\ud800')).toThrow(PageScriptsError);
  });

  it('completes a Suspense boundary React left pending, nested ones too, and drops its scripts', () => {
    const runtime =
      '$RB=[];$RV=function(a){a.length=0};\n$RC=function(a,b){if(b=document.getElementById(b))(a=document.getElementById(a))};$RC("B:0","S:0")';
    const body =
      '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>' +
      '<p>before</p><!--$?--><template id="B:0"></template><!--/$--><p>after</p>' +
      '<!--$?--><template id="B:1"></template><span>fallback</span><!--$--><i>in fallback</i><!--/$--><!--/$-->' +
      '<div hidden id="S:0"><div class="table"><div>row</div><!--$?--><template id="B:2"></template><!--/$--></div></div>' +
      `<script>${runtime}</script>` +
      '<div hidden id="S:1"><b>one</b></div><script>$RC("B:1","S:1")</script>' +
      '<div hidden id="S:2"><em>two</em></div><script>$RC("B:2","S:2")</script>';
    const { html, inlineScripts } = preparePage(page(body, ['1:null\n']), 'test.html');
    expect(html).toContain(
      '<p>before</p><!--$--><div class="table"><div>row</div><!--$--><em>two</em><!--/$--></div><!--/$--><p>after</p><!--$--><b>one</b><!--/$-->',
    );
    expect(html).not.toMatch(/\$R[A-Z]|<template|hidden id="S:/);
    expect(inlineScripts).toEqual([theme, bundler, payloadRunner]);
  });

  it('comes back unchanged when prepared already', () => {
    const once = preparePage(page('<p>x</p>', ['1:"a"\n', '2:"</script>"\n']), 'test.html');
    const twice = preparePage(once.html, 'test.html');
    expect(twice.html).toBe(once.html);
    expect(twice.inlineScripts).toEqual(once.inlineScripts);
  });

  it("fails on a script of Next's or React's it does not know, rather than ship a page the policy blocks", () => {
    expect(() => preparePage(page('', ['1:"a"\n']).replace(chunk('1:"a"\n'), 'self.__next_f.push([3,"AAAA"])'), 'test.html')).toThrow(PageScriptsError);
    expect(() => preparePage(page('<script>$RX("B:0","digest")</script>', ['1:"a"\n']), 'test.html')).toThrow(PageScriptsError);
    expect(() => preparePage(page('<!--$?--><template id="B:0"></template><!--/$-->', ['1:"a"\n']), 'test.html')).toThrow(/still pending/);
    expect(() => preparePage(page('', ['1:"a"\n']).replace(`<script>${marker}</script>`, ''), 'test.html')).toThrow(/bootstrap marker/);
  });

  it('hashes a script as CSP Level 3 does (SHA-256 of its UTF-8 text, base64)', () => {
    // The value a browser reports for `alert(1)` in a console error on a blocked inline script.
    expect(hashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});
