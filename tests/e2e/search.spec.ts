import { expect, test, type Page, type Request } from '@playwright/test';
import { debounceMs, maxDialogRequestsPerMinute, tokenBurst, tokenEveryMs } from '@/lib/docs/search-dialog-pacing';
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

/** Records the time of each keystroke in the page and when the listbox shows the answer to `query`. */
async function watchLatency(page: Page, query: string): Promise<void> {
  await page.evaluate((expected) => {
    const state = { lastKey: 0, shown: 0 };
    (window as unknown as { __latency: typeof state }).__latency = state;
    document.addEventListener('keydown', () => (state.lastKey = performance.now()), true);
    const check = () => {
      const list = document.querySelector<HTMLElement>('[role="listbox"]');
      if (!state.shown && list?.dataset.answered === expected) state.shown = performance.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-answered'] });
  }, query);
}

test('the first search moves at most 30 KB and shows results within 150 ms of the last keystroke', async ({ page }) => {
  await gotoHydrated(page, docsPageUrl(['install']));
  // Warm the server (first use loads the index), not this page: a separate request.
  const warm = await page.request.get(`${docsSearchRoute}?query=warm`);
  expect(warm.status()).toBe(200);

  // Everything the page fetches from opening the dialog to the first results.
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  const dialog = await openSearchWithButton(page);
  const query = 'wallpaper glow';
  await watchLatency(page, query);
  await dialog.getByPlaceholder('Search').pressSequentially(query, { delay: 40 });
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', query);
  await expect(dialog.getByRole('option').first()).toBeVisible();

  const bytes = (await Promise.all(requests.map(transferred))).reduce((sum, size) => sum + size, 0);
  const searches = requests.filter(isSearchRequest);
  const { lastKey, shown } = await page.evaluate(() => (window as unknown as { __latency: { lastKey: number; shown: number } }).__latency);
  const latency = Math.round(shown - lastKey);
  const detail = requests.map((request) => `${new URL(request.url()).pathname}`).join(', ');
  console.log(`first search: ${bytes} bytes transferred (${(bytes / 1024).toFixed(1)} KB) in ${requests.length} requests (${detail}); results ${latency} ms after the last keystroke; ${searches.length} search requests for ${query.length} keystrokes`);
  test.info().annotations.push({ type: 'first search transfer (bytes)', description: String(bytes) }, { type: 'keystroke to results (ms)', description: String(latency) });

  expect(bytes, 'bytes moved by the first search').toBeLessThanOrEqual(30 * 1024);
  expect(shown, 'the answer was shown').toBeGreaterThan(0);
  expect(latency, 'ms from the last keystroke to the results').toBeLessThanOrEqual(150);
  // Debounced: far fewer requests than keystrokes.
  expect(searches.length).toBeLessThan(query.length);
});

test(`typing never outpaces the limit: at most ${tokenBurst} requests plus one per ${tokenEveryMs} ms, answered queries are not asked again`, async ({ page }) => {
  await gotoHydrated(page, docsPageUrl(['install']));
  const sent: { at: number; query: string }[] = [];
  page.on('request', (request) => {
    if (isSearchRequest(request)) sent.push({ at: Date.now(), query: new URL(request.url()).searchParams.get('query') ?? '' });
  });
  const dialog = await openSearchWithButton(page);
  const input = dialog.getByPlaceholder('Search');
  // Pauses longer than the debounce (by 20-40 ms): every key would ask, so the token bucket alone decides.
  const text = 'display arrangement theme accent wallpaper';
  for (const character of text) {
    await input.press(character === ' ' ? 'Space' : character);
    await page.waitForTimeout(debounceMs + 20 + Math.round(Math.random() * 20));
  }
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', text);
  // In every stretch of requests: at most the bucket plus one token per refill interval elapsed
  // (Date.now() in the test process: a few ms of scheduling noise allowed).
  for (let i = 0; i < sent.length; i += 1) {
    for (let j = i + 1; j < sent.length; j += 1) {
      const allowed = tokenBurst + Math.floor((sent[j]!.at - sent[i]!.at + 10) / tokenEveryMs);
      expect(j - i + 1, `requests ${i}..${j} in ${sent[j]!.at - sent[i]!.at} ms`).toBeLessThanOrEqual(allowed);
    }
  }
  const perMinute = Math.round(sent.length / ((sent.at(-1)!.at - sent[0]!.at) / 60_000 || 1));
  console.log(`${text.length} keystrokes, ${sent.length} search requests (${perMinute} a minute at this pace; the bucket allows at most ${maxDialogRequestsPerMinute})`);
  expect(perMinute).toBeLessThan(600);

  // Backspacing over answered queries asks nothing.
  const before = sent.length;
  for (let i = 0; i < 6; i += 1) await input.press('Backspace');
  await expect(dialog.getByRole('listbox')).toHaveAttribute('data-answered', text.slice(0, -6).trim());
  const asked = sent.slice(before).map((entry) => entry.query);
  expect(asked.every((query) => !sent.slice(0, before).some((entry) => entry.query === query))).toBe(true);

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
