import { describe, expect, it } from 'vitest';
import { createPageStyles, PageStylesError } from '@/lib/framework/page-styles';

/**
 * A prerendered page's styles split for a first paint in one round trip (lib/framework/page-styles.ts): the rules
 * the page uses inline in its head, the dark theme's always, Next's stylesheet links at the end of the body, and
 * every other byte of the page as the build wrote it.
 */

const sheet = [
  '.title{font-size:2rem}',
  '.unused{color:red}',
  '.dark .title{color:white}',
  '@media (min-width:768px){.nav{display:flex}.other{display:grid}}',
  '.button:hover{color:blue}',
].join('');
const link = '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>';
const head = `<meta charSet="utf-8"/>${link}<script src="/_next/static/chunks/a.js" async=""></script><title>T</title>`;
const body = '<nav class="nav"><button class="button">Menu</button></nav><h1 class="title">Title</h1><script>self.x=1</script>';
const page = `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const styles = () => createPageStyles((href) => (href === '/_next/static/chunks/a.css' ? sheet : ''));
const inlineStyle = (html: string) => /<style data-first-screen>([\s\S]*?)<\/style>/.exec(html)?.[1];

describe('page styles', () => {
  it('inlines the rules the page uses, the dark ones too, and leaves out the rest', async () => {
    const { html, inlinedBytes } = await styles().split(page, 'test.html');
    const css = inlineStyle(html)!;
    expect(css).toContain('.title{font-size:2rem}');
    expect(css).toContain('.dark .title');
    expect(css).toMatch(/@media \(min-width:\s?768px\)\{\.nav\{display:flex\}\}/);
    expect(css).toContain('.button:hover');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('.other');
    expect(inlinedBytes).toBe(css.length);
  });

  it('moves the stylesheet link to the end of the body and changes nothing else', async () => {
    const { html } = await styles().split(page, 'test.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(html.endsWith(`${link}</body></html>`)).toBe(true);
    // The rest byte for byte: the inline style and the moved link taken out give the page back.
    const back = html.replace(/<style data-first-screen>[\s\S]*?<\/style>/, link).replace(`${link}</body>`, '</body>');
    expect(back).toBe(page);
  });

  it('leaves a page split before as it is', async () => {
    const once = await styles().split(page, 'test.html');
    const twice = await styles().split(once.html, 'test.html');
    expect(twice).toEqual({ html: once.html, inlinedBytes: 0 });
  });

  it('leaves a page without a stylesheet as it is, and fails on a link of a shape it does not know', async () => {
    const bare = page.replace(link, '');
    expect(await styles().split(bare, 'bare.html')).toEqual({ html: bare, inlinedBytes: 0 });
    const odd = page.replace(link, '<link href="/x.css" rel="stylesheet"/>');
    await expect(styles().split(odd, 'odd.html')).rejects.toThrow(PageStylesError);
  });
});
