import Beasties from 'beasties';

/**
 * A prerendered page's styles split so its first paint needs one round trip
 * (docs/decisions/0012-first-paint-in-one-round-trip.md): the rules the page
 * uses go inline, in a `<style>` where Next's stylesheet links were in the
 * head, and the links move to the end of the body. A stylesheet the parser
 * meets after `<body>` does not block rendering (HTML, "render-blocking":
 * a document allows adding render-blocking elements only while it has no
 * body), so the page paints when the document arrives; the whole stylesheet
 * follows for what the page shows later (menus, the search dialog), and a
 * second page finds it in the cache.
 *
 * Beasties picks the rules by matching each selector against the page's
 * elements. The dark theme's rules are kept whatever the page holds: the
 * theme's class is set on `<html>` by a script, after the build, and a dark
 * reader must not see a light first paint.
 *
 * Everything else of the page stays byte for byte as the build wrote it
 * (Beasties' own output reserializes the document): only the inserted style
 * is taken from it. A page whose links are not Next's known shape fails the
 * build, so a new Next never ships a page that paints unstyled.
 */

export class PageStylesError extends Error {}

/** The marker of a page already split: the step may run twice. */
const splitMarker = 'data-first-screen';

/** Next's stylesheet link in a prerendered page's head (React's `precedence` resource). */
const nextStylesheet = /<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)" data-precedence="[^"]+"\/>/g;

/** Dark variants (`.dark` on `<html>`, Tailwind's `dark:` and Fumadocs UI's) stay inline on every page. */
const keptRules = [/\.dark\b/];

export interface PageStyles {
  /** The page with its styles split, and the inline style's length (0 when unchanged). */
  split(html: string, page: string): Promise<{ html: string; inlinedBytes: number }>;
}

/** `readStylesheet` gives a stylesheet's text by its public path (`/_next/static/…`). */
export function createPageStyles(readStylesheet: (href: string) => string): PageStyles {
  const beasties = new Beasties({
    path: '/',
    publicPath: '/',
    // Where the links go is this module's (the end of the body); Beasties only picks the rules.
    preload: 'body',
    noscriptFallback: false,
    pruneSource: false,
    inlineThreshold: 0,
    mergeStylesheets: true,
    reduceInlineStyles: false,
    allowRules: keptRules,
    compress: true,
    logLevel: 'silent',
  });
  const sheets = new Map<string, string>();
  beasties.readFile = (file: string) => {
    const href = file.slice(file.indexOf('/_next/static/'));
    let text = sheets.get(href);
    if (text === undefined) sheets.set(href, (text = readStylesheet(href)));
    return text;
  };

  return {
    async split(html, page) {
      const head = html.slice(0, html.indexOf('</head>'));
      if (head.includes(`<style ${splitMarker}>`)) return { html, inlinedBytes: 0 };
      const links = [...head.matchAll(nextStylesheet)];
      if (links.length === 0) {
        if (/<link[^>]*rel="stylesheet"/.test(head)) throw new PageStylesError(`${page}: a stylesheet link of a shape this step does not know`);
        return { html, inlinedBytes: 0 };
      }
      const picked = await beasties.process(html);
      const before = new Set(styleTexts(html));
      const css = styleTexts(picked)
        .filter((text) => !before.has(text))
        .join('');
      if (css === '') throw new PageStylesError(`${page}: no rule of its stylesheet matched the page`);
      const first = links[0]!;
      let result = html.slice(0, first.index) + `<style ${splitMarker}>${css}</style>`;
      let from = first.index;
      for (const link of links) {
        result += html.slice(from, link.index);
        from = link.index + link[0].length;
      }
      result += html.slice(from);
      const bodyEnd = result.lastIndexOf('</body>');
      if (bodyEnd < 0) throw new PageStylesError(`${page}: no </body>`);
      result = result.slice(0, bodyEnd) + links.map((link) => link[0]).join('') + result.slice(bodyEnd);
      return { html: result, inlinedBytes: css.length };
    },
  };
}

/** The texts of a document's `<style>` elements. */
function styleTexts(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
}
