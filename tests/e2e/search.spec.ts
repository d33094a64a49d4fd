import { expect, test, type Page, type Request } from '@playwright/test';
import { debounceMs, maxDialogRequestsPerMinute, tokenBurst, tokenEveryMs } from '@/lib/search-dialog-pacing';
import { docsSearchRoute, docsPageUrl } from '@/lib/routes';
import {
  artifactPath,
  gotoHydrated,
  gotoThemed,
  headingById,
  openSearchWithButton,
  openSearchWithShortcut,
  optionPage,
  overlaps,
  resultTitled,
  resultTitles,
  themes,
  typeQuery,
  viewports,
} from './support';

/**
 * The search dialog asks the server (GET /api/docs-search, the core and
 * index of /v1/search) instead of downloading the whole index, and must
 * take a reader from an option's name to that option's heading. Option
 * headings carry the full name as their id, e.g. `#layer.wallpaper.mark.size`.
 */

const isSearchRequest = (request: Request) => new URL(request.url()).pathname === docsSearchRoute;

test('Ctrl+K, an option name, and its result lands on the option heading', async ({ page }) => {
  const option = 'layer.wallpaper.mark.size';
  const room = optionPage(option);
  await gotoHydrated(page, room);

  const dialog = await openSearchWithShortcut(page);
  const results = await typeQuery(dialog, option);

  const result = resultTitled(results, option);
  await expect
    .poll(async () => result.count(), { message: `one result titled ${option}; first results: ${(await resultTitles(results)).slice(0, 12).join(' | ')}` })
    .toBe(1);
  await result.click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${room}#${option}`);
  const heading = headingById(page, option);
  await expect(heading).toHaveText(option);
  await expect(heading).toBeInViewport();
  await page.screenshot({ path: artifactPath('search-result.png') });
});

test('the search button, then "accordionPadding", offers layer.windows.accordionPadding first', async ({ page }) => {
  const option = 'layer.windows.accordionPadding';
  const room = optionPage(option);
  await gotoHydrated(page, optionPage('layer.wallpaper.mark.size'));

  const dialog = await openSearchWithButton(page);
  const results = await typeQuery(dialog, 'accordionPadding');

  // Results come grouped by page: the page row, then its sections. The first
  // group must be the Windows room and its first section the option itself.
  await expect
    .poll(async () => (await resultTitles(results)).slice(0, 2), { message: 'first page and first section' })
    .toEqual(['Windows', option]);

  // Keyboard: the page row is active; one step down, Enter follows the section.
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${room}#${option}`);
  await expect(headingById(page, option)).toBeInViewport();
});

/** Bytes a finished request moved over the wire (headers and encoded body). */
async function transferred(request: Request): Promise<number> {
  const sizes = await request.sizes();
  return sizes.requestHeadersSize + sizes.requestBodySize + sizes.responseHeadersSize + sizes.responseBodySize;
}

type SentSearch = { at: number; query: string };

/**
 * Records every search the page asks, as the dialog calls fetch, stamped with
 * the page's own clock: under `page.clock` the stamps are fake time, so the
 * pacing is checked exactly and a slow machine cannot fail it.
 */
async function recordSearches(page: Page): Promise<() => Promise<SentSearch[]>> {
  await page.addInitScript((route) => {
    const sent: { at: number; query: string }[] = [];
    (window as unknown as { __searches: typeof sent }).__searches = sent;
    const inner = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      if (url.pathname === route) sent.push({ at: performance.now(), query: url.searchParams.get('query') ?? '' });
      return inner(input, init);
    };
  }, docsSearchRoute);
  return () => page.evaluate(() => (window as unknown as { __searches: SentSearch[] }).__searches.slice());
}

/** From now on the page's timers run only when the test moves its clock (page.clock.runFor). */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

// How long the results take after the last keystroke is a figure of `npm run bench`
// (scripts/bench/latency-figures.mjs); here, on the page's fake clock, what the pacing does.
test('the first search moves at most 30 KB: a burst of keys asks once, after the debounce, for the last keystroke’s query', async ({ page }) => {
  const searches = await recordSearches(page);
  await page.clock.install();
  await gotoHydrated(page, docsPageUrl(['install']));
  // Warm the server (first use loads the index), not this page: a separate request.
  const warm = await page.request.get(`${docsSearchRoute}?query=warm`);
  expect(warm.status()).toBe(200);

  // Everything the page fetches from opening the dialog to the first results.
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  const dialog = await openSearchWithButton(page);
  await pauseClock(page);
  const query = 'wallpaper glow';
  await dialog.getByPlaceholder('Search').pressSequentially(query);
  // Nothing is asked until the keys have paused for the debounce.
  await page.clock.runFor(debounceMs - 1);
  expect(await searches()).toEqual([]);
  await page.clock.runFor(1);
  expect((await searches()).map((sent) => sent.query)).toEqual([query]);
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', query);
  await expect(dialog.getByRole('option').first()).toBeVisible();

  await expect.poll(() => requests.filter(isSearchRequest).length).toBe(1);
  const bytes = (await Promise.all(requests.map(transferred))).reduce((sum, size) => sum + size, 0);
  const detail = requests.map((request) => `${new URL(request.url()).pathname}`).join(', ');
  expect(bytes, `bytes moved by the first search (${detail})`).toBeLessThanOrEqual(30 * 1024);
});

test(`typing never outpaces the limit: at most ${tokenBurst} requests plus one per ${tokenEveryMs} ms, answered queries are not asked again`, async ({ page }) => {
  const searches = await recordSearches(page);
  await page.clock.install();
  await gotoHydrated(page, docsPageUrl(['install']));
  const dialog = await openSearchWithButton(page);
  const input = dialog.getByPlaceholder('Search');
  await pauseClock(page);
  // A pause longer than the debounce after every key: every key would ask, so the token bucket alone decides.
  // Long enough to empty the bucket (16 keys in 1.1 s of the page's clock: 4 + 8 tokens), short enough that the
  // browser round trips (two a key) fit a busy machine.
  const text = 'wallpaper accent';
  for (const character of text) {
    await input.press(character === ' ' ? 'Space' : character);
    await page.clock.runFor(debounceMs + 20);
  }
  // The last query may wait for a token.
  await page.clock.runFor(tokenEveryMs);
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', text);
  const sent = await searches();

  // While the bucket is full each key asks for its own query, one debounce after the key.
  expect(sent.slice(0, tokenBurst).map((entry) => entry.query)).toEqual(Array.from({ length: tokenBurst }, (_, i) => text.slice(0, i + 1)));
  expect(sent.slice(1, tokenBurst).map((entry, i) => entry.at - sent[i]!.at)).toEqual(Array.from({ length: tokenBurst - 1 }, () => debounceMs + 20));
  // Then the bucket decides: fewer requests than keys, and the last keystroke's query is asked.
  expect(sent.length).toBeLessThan(text.length);
  expect(sent.at(-1)!.query).toBe(text);
  // In every stretch of requests: at most the bucket plus one token per refill interval (the page's clock: exact).
  for (let i = 0; i < sent.length; i += 1) {
    for (let j = i + 1; j < sent.length; j += 1) {
      const allowed = tokenBurst + Math.floor((sent[j]!.at - sent[i]!.at) / tokenEveryMs);
      expect(j - i + 1, `requests ${i}..${j} in ${sent[j]!.at - sent[i]!.at} ms`).toBeLessThanOrEqual(allowed);
    }
  }
  // However long someone types, the bucket stays under the endpoint's 600 a minute (spec "Limits").
  expect(maxDialogRequestsPerMinute).toBeLessThan(600);

  // Backspacing over answered queries asks nothing again.
  const before = sent.length;
  for (let i = 0; i < 6; i += 1) await input.press('Backspace');
  await page.clock.runFor(debounceMs + tokenEveryMs + 1);
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', text.slice(0, -6).trim());
  const asked = (await searches()).slice(before).map((entry) => entry.query);
  expect(asked.every((query) => !sent.some((entry) => entry.query === query))).toBe(true);

  // Its own window: the dialog's answers name their policy.
  const response = await page.request.get(`${docsSearchRoute}?query=theme`);
  expect(response.headers()['ratelimit-policy']).toMatch(/^"docs-search";q=\d+;w=60$/);
});

for (const theme of themes) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`result rows: no icon over text, no breadcrumb repeating the title (${theme}, ${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoThemed(page, docsPageUrl(['install']), theme);
      const dialog = await openSearchWithButton(page);
      // "rooms" finds the rooms overview (a folder's index page) and option headings.
      const results = await typeQuery(dialog, 'rooms namespace');
      await expect.poll(async () => results.count()).toBeGreaterThan(2);

      const rows = await results.evaluateAll((elements) =>
        elements.map((row) => {
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          };
          const icons = [...row.querySelectorAll('svg')].map(box);
          // Every run of text (breadcrumbs, titles, excerpts), measured as drawn.
          const texts: { text: string; x: number; y: number; width: number; height: number }[] = [];
          const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) texts.push({ text: node.textContent.trim(), x: rect.x, y: rect.y, width: rect.width, height: rect.height });
          }
          const crumbs = [...row.querySelectorAll('[data-crumb]')].map((crumb) => crumb.textContent?.trim() ?? '');
          return { type: row.getAttribute('data-type'), title: row.querySelector('[data-title]')?.textContent ?? '', crumbs, icons, texts };
        }),
      );
      for (const row of rows) {
        for (const icon of row.icons) {
          for (const text of row.texts) expect(overlaps(icon, text), `icon over "${text.text}" in row "${row.title}"`).toBe(false);
        }
        if (row.type === 'page') {
          // Breadcrumbs read "Rooms" above "Windows", never "Rooms › Rooms".
          expect(row.crumbs, `breadcrumbs of ${row.title}`).not.toContain(row.title);
        }
      }
      expect(rows.find((row) => row.type === 'page' && row.title === 'Rooms'), 'the rooms overview is found').toBeTruthy();
      await page.screenshot({ path: artifactPath(`search-rows-${theme}-${size}.png`) });
    });
  }
}
