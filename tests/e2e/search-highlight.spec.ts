import { expect, test, type Locator } from '@playwright/test';
import { docsPageUrl } from '@/lib/routes';
import { stopWords } from '@/lib/search/terms';
import { artifactPath, gotoHydrated, openSearchWithButton, resultTitles, typeQuery, viewports } from './support';

/**
 * The search dialog marks the words of a result that the query's words
 * matched (lib/search/highlight.ts): whole words, by stem, never a
 * filler word and never a few letters inside a longer word. Measured from
 * the rendered rows: a <mark> whose neighbouring characters are letters or
 * digits sits inside a word.
 */

const queries = ['how do I install the hacker desktop', 'reduce motion', 'wallpaper glow', 'layer.appearance.reduceMotion', 'accordionPadding'];

interface MarkedText {
  /** The text of one line of a row (title, excerpt), as shown. */
  text: string;
  /** The marked runs of it: [start, end) offsets. */
  marks: [number, number][];
}

/** Every line of text of the result rows (titles, excerpts; not the breadcrumbs, which are never marked), with where its marks are. */
async function markedTexts(results: Locator): Promise<MarkedText[]> {
  return results.evaluateAll((rows) => {
    const holdsText = (element: Element) =>
      [...element.childNodes].some((node) => (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) || node.nodeName === 'MARK');
    const lines = rows.flatMap((row) => [...row.querySelectorAll('*')].filter((element) => element.tagName !== 'MARK' && !element.closest('[data-crumb]') && holdsText(element)));
    return lines.map((line) => {
      let text = '';
      const marks: [number, number][] = [];
      for (const node of line.childNodes) {
        const part = node.textContent ?? '';
        if (node instanceof HTMLElement && node.tagName === 'MARK') marks.push([text.length, text.length + part.length]);
        text += part;
      }
      return { text, marks };
    });
  });
}

const wordCharacter = /[\p{L}\p{N}]/u;

for (const [size, viewport] of Object.entries(viewports)) {
  test(`search marks whole words: nothing short inside a word, "Desktops" whole (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, docsPageUrl(['install']));
    const dialog = await openSearchWithButton(page);
    const input = dialog.getByPlaceholder('Search');

    for (const query of queries) {
      await input.fill('');
      const results = await typeQuery(dialog, query);
      await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', query);
      const lines = await markedTexts(results);
      const titles = (await resultTitles(results)).join(' | ');

      let marked = 0;
      for (const { text, marks } of lines) {
        for (const [start, end] of marks) {
          marked += 1;
          const run = text.slice(start, end);
          const inside = wordCharacter.test(text[start - 1] ?? '') || wordCharacter.test(text[end] ?? '');
          if (inside) expect(run.length, `"${query}": "${run}" marked inside a word of "${text}"`).toBeGreaterThanOrEqual(3);
          expect(stopWords.has(run.toLowerCase()), `"${query}": filler word "${run}" marked in "${text}"`).toBe(false);
        }
        // "Desktops" (any case) is marked whole wherever the query names a desktop.
        if (query.includes('desktop')) {
          for (const found of text.matchAll(/(?<![\p{L}\p{N}])desktops(?![\p{L}\p{N}])/giu)) {
            const whole = marks.some(([start, end]) => start <= found.index && end >= found.index + found[0].length);
            expect(whole, `"${query}": "${found[0]}" marked whole in "${text}"`).toBe(true);
          }
        }
      }
      expect(marked, `"${query}": some words are marked (results: ${titles})`).toBeGreaterThan(0);
      if (query === queries[0]) {
        expect(titles, 'the Desktops page is among the results').toContain('Desktops');
        await page.screenshot({ path: artifactPath(`search-highlight-${size}.png`) });
      }
    }
  });
}
