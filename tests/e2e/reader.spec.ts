import { expect, test, type Browser, type Page } from '@playwright/test';
import { docsPageUrl, docsTreeFolderUrl } from '@/lib/routes';
import { gotoHydrated, onePerFolder, themes, viewports, type ViewportName } from './support';

/**
 * A reader's walk through the docs, as a person meets it: nothing moves
 * while a page loads, every page is reachable from the navigation, the
 * contents list follows the reading, option names break only after a dot,
 * and a wrong address is no dead end.
 */

/** Every docs page the sitemap lists, as paths. */
async function docsPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => path.startsWith('/docs'));
}

/**
 * The page's layout shifts from its first byte to `settleMs` after load, as
 * Chromium scores them (entries without recent input). The HTML comes in
 * over a slow connection so the browser paints while the parser is still
 * in the text: a column the server's HTML does not reserve appears late.
 */
async function layoutShift(browser: Browser, path: string, size: ViewportName, theme: string): Promise<{ score: number; sources: string[] }> {
  const context = await browser.newContext({ viewport: viewports[size], colorScheme: theme as 'light' | 'dark', isMobile: size === 'mobile', hasTouch: size === 'mobile' });
  try {
    await context.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      Object.assign(window, { readerShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => source.node?.nodeName ?? '?') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status(), path).toBe(200);
    // An observation window, not a bound: a shift later than this would go unseen, never fail the test wrongly.
    await page.waitForTimeout(1_500);
    const shifts = await page.evaluate(() => (window as unknown as { readerShifts: { value: number; sources: string[] }[] }).readerShifts);
    return { score: shifts.reduce((sum, shift) => sum + shift.value, 0), sources: shifts.flatMap((shift) => shift.sources) };
  } finally {
    await context.close();
  }
}

/**
 * Which pages each (theme, size) loads. The light theme at phone size, where a
 * slow network is most likely, loads every page: what moves because of a
 * page's own content (a table, a code block, the option browser) shows there.
 * The desktop layout and the dark theme (the theme script runs before the
 * first paint) are one template over that content: one page of each folder
 * checks them. Every page in every combination took four and a half minutes
 * of the browser step for no more coverage (docs/decisions/0010-browser-tests-once-per-template.md).
 *
 * The four run one after another in one worker: each loads four throttled
 * pages at a time, and two side by side starve each other's pages on a
 * two-core machine.
 */
test.describe('layout shift', () => {
  test.describe.configure({ mode: 'default' });
  for (const size of Object.keys(viewports) as ViewportName[]) {
    for (const theme of themes) {
      test(`no docs page moves while it loads: layout shift at most 0.02 (${theme}, ${size})`, async ({ page, browser }) => {
        const every = await docsPaths(page);
        const everyPage = theme === 'light' && size === 'mobile';
        const paths = everyPage ? every : onePerFolder(every);
        expect(paths.length).toBeGreaterThan(everyPage ? 20 : 3);
        // Four throttled loads at a time: the time allowed grows with the pages' number.
        test.setTimeout(60_000 + paths.length * 15_000);
        const scores: string[] = [];
        // Four pages at a time: each in its own context, so one page's cache does not speed up the next.
        for (let i = 0; i < paths.length; i += 4) {
          const batch = paths.slice(i, i + 4);
          const results = await Promise.all(batch.map((path) => layoutShift(browser, path, size, theme)));
          results.forEach((result, index) => {
            if (result.score > 0.02) scores.push(`${batch[index]}: ${result.score.toFixed(3)} (${result.sources.join(', ')})`);
          });
        }
        expect(scores).toEqual([]);
      });
    }
  }
});

/** The navigation a reader clicks through: the sidebar, or on a phone the menu's popover. */
async function openNavigation(page: Page, size: ViewportName) {
  const nav = page.getByRole('navigation', { name: 'Docs pages' });
  if (size === 'mobile' && !(await nav.isVisible())) await page.getByRole('button', { name: 'Docs menu' }).click();
  await expect(nav).toBeVisible();
  return nav;
}

for (const size of Object.keys(viewports) as ViewportName[]) {
  test(`from /docs/install every docs page is reached by clicks in the ${size === 'mobile' ? 'phone menu' : 'sidebar'}, page after page`, async ({ page }) => {
    await page.setViewportSize(viewports[size]);
    await gotoHydrated(page, docsPageUrl(['install']));
    const targets = await docsPaths(page);
    expect(targets.length).toBeGreaterThan(20);
    const unreached: string[] = [];
    // One visit, as a reader clicks on from page to page (the folders stay as they were left): a
    // page load per target added a minute to the browser step and reached no more links.
    for (const target of targets) {
      const nav = await openNavigation(page, size);
      const link = nav.locator(`a[href="${target}"]`);
      // Open the closed folders on the way, by their chevrons, as a reader would.
      for (let depth = 0; depth < 4 && !(await link.isVisible()); depth += 1) {
        const closed = nav.locator('[data-folder]').filter({ has: page.locator(`a[href="${target}"]`) }).locator(':scope > div > button[aria-expanded="false"]');
        if ((await closed.count()) === 0) break;
        await closed.first().click();
      }
      if (!(await link.isVisible())) {
        unreached.push(target);
        continue;
      }
      await link.click();
      await expect(page).toHaveURL(target);
    }
    expect(unreached).toEqual([]);
  });
}

test('a folder opens from its label or its chevron, and stays as the reader left it across navigations', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await gotoHydrated(page, docsPageUrl(['install']));
  const nav = page.getByRole('navigation', { name: 'Docs pages' });
  const agents = nav.getByRole('button', { name: 'Agents pages' });
  const mcp = nav.getByRole('link', { name: 'MCP server', exact: true });
  await expect(agents).toHaveAttribute('aria-expanded', 'false');
  await expect(mcp).toBeHidden();

  await agents.click();
  await expect(agents).toHaveAttribute('aria-expanded', 'true');
  await expect(mcp).toBeVisible();
  // A navigation within the app, then a full load: still open.
  await nav.getByRole('link', { name: 'Desktops' }).click();
  await expect(page).toHaveURL(docsPageUrl(['desktops']));
  await expect(nav.getByRole('button', { name: 'Agents pages' })).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Agents pages' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'MCP server', exact: true })).toBeVisible();

  // Closed again by its chevron: closed on the next page too.
  await nav.getByRole('button', { name: 'Agents pages' }).click();
  await nav.getByRole('link', { name: 'Install' }).click();
  await expect(page).toHaveURL(docsPageUrl(['install']));
  await expect(nav.getByRole('button', { name: 'Agents pages' })).toHaveAttribute('aria-expanded', 'false');

  // The label opens the folder's own page, and the folder.
  await nav.getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(docsPageUrl(['api']));
  await expect(nav.getByRole('button', { name: 'API pages' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Limits' })).toBeVisible();
});

test('a large folder written in part fetches its whole list when its chevron opens it or "Show all" is pressed', async ({ page }) => {
  // The docs have no folder of more than folderEntriesWritten entries, so the Rooms folder is made into one
  // as the server writes a large one (components/docs/page-tree.tsx): its list empty and naming where it is.
  await page.setViewportSize(viewports.desktop);
  await gotoHydrated(page, docsPageUrl(['install']));
  const nav = page.getByRole('navigation', { name: 'Docs pages' });
  const rooms = nav.getByRole('button', { name: 'Rooms pages' });
  const windows = nav.getByRole('link', { name: 'Windows', exact: true });
  const folderList = async (entries: string) =>
    rooms.evaluate((chevron, { html, src }) => {
      const list = chevron.closest('[data-folder]')!.querySelector(':scope > ul')!;
      list.innerHTML = html;
      list.setAttribute('data-src', src);
      list.toggleAttribute('hidden', html === '');
      chevron.setAttribute('aria-expanded', String(html !== ''));
    }, { html: entries, src: docsTreeFolderUrl('4') });

  await folderList('');
  await expect(windows).toHaveCount(0);
  const fetched = page.waitForResponse((answer) => answer.url().endsWith(docsTreeFolderUrl('4')) && answer.status() === 200);
  await rooms.click();
  await fetched;
  await expect(rooms).toHaveAttribute('aria-expanded', 'true');
  await expect(windows).toBeVisible();
  // Closed and opened again: no second request, the list is in place.
  await rooms.click();
  await expect(windows).toBeHidden();
  await rooms.click();
  await expect(windows).toBeVisible();

  // Open with a part written and a "Show all" button: the button fetches the rest and hands the focus to the list.
  await folderList('<li class="tree-all"><button type="button" data-tree-all>Show all 7 in Rooms</button></li>');
  await expect(windows).toHaveCount(0);
  await nav.getByRole('button', { name: 'Show all 7 in Rooms' }).click();
  await expect(windows).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Show all 7 in Rooms' })).toHaveCount(0);
  await expect(nav.locator(':focus')).toHaveAttribute('href', /^\/docs\/rooms/);
});

test('the breadcrumb names the whole path, each step a link, and not the page itself', async ({ page }) => {
  await gotoHydrated(page, docsPageUrl(['agents', 'mcp']));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveText(['Docs', 'Agents']);
  await expect(crumbs.nth(0).getByRole('link')).toHaveAttribute('href', '/docs');
  await expect(crumbs.nth(1).getByRole('link')).toHaveAttribute('href', '/docs/agents');
  await gotoHydrated(page, docsPageUrl(['install']));
  await expect(crumbs).toHaveText(['Docs']);
});

test('the header, breadcrumb, previous and next, and 404 links navigate within the app', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  // A mark on the window survives a navigation within the app, not a full load.
  const marked = () => page.evaluate(() => (window as unknown as { softMark?: true }).softMark === true);
  const mark = () => page.evaluate(() => ((window as unknown as { softMark?: true }).softMark = true));

  await gotoHydrated(page, docsPageUrl(['agents', 'mcp']));
  await mark();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page).toHaveURL(docsPageUrl(['agents']));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agents overview');
  expect(await marked()).toBe(true);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(docsPageUrl(['api']));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' })).toHaveAttribute('aria-current', 'page');
  expect(await marked()).toBe(true);

  const next = page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link').last();
  const nextHref = await next.getAttribute('href');
  await next.click();
  await expect(page).toHaveURL(nextHref!);
  expect(await marked()).toBe(true);

  // A modified click is the browser's: a new tab, this page unchanged.
  const opened = page.context().waitForEvent('page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click({ modifiers: ['ControlOrMeta'] });
  await (await opened).close();
  await expect(page).toHaveURL(nextHref!);

  await page.goto('/docs/no-such-page');
  await page.waitForLoadState('networkidle');
  await mark();
  await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Install' }).click();
  await expect(page).toHaveURL(docsPageUrl(['install']));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install');
  expect(await marked()).toBe(true);
});

/** The option names of a page's headings and contents entries that a line breaks inside a name part. */
async function namesSplitInsideAPart(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    const names = [...document.querySelectorAll('main :is(h2, h3, h4), nav[data-toc] a')].filter((element) => /^layer(\.\w+)+$/.test(element.textContent ?? ''));
    for (const element of names) {
      // Each part of a name, with the dot after it, is one text node (a <wbr> follows each dot).
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(`${element.textContent} at "${node.textContent}"`);
      }
    }
    return split;
  });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`option names break only after a dot, in headings and "On this page" (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const room of ['appearance', 'windows', 'displays', 'development', 'apps']) {
      await gotoHydrated(page, docsPageUrl(['rooms', room]));
      if (size === 'mobile') await page.getByRole('button', { name: 'On this page' }).click();
      expect(await namesSplitInsideAPart(page), room).toEqual([]);
    }
  });
}

test('scrolled to a late section of a long page, the active "On this page" entry is in view in the list (desktop)', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await gotoHydrated(page, docsPageUrl(['rooms', 'appearance']));
  const toc = page.getByRole('navigation', { name: 'On this page' });
  // The list is longer than the screen, so it scrolls on its own.
  expect(await toc.evaluate((nav) => nav.scrollHeight > nav.clientHeight)).toBe(true);
  const ids = await page.locator('main h2[id]').evaluateAll((headings) => headings.map((heading) => heading.id));
  for (const id of ids.slice(-3)) {
    await page.locator(`[id="${id}"]`).scrollIntoViewIfNeeded();
    await page.evaluate((target) => document.getElementById(target)!.scrollIntoView({ block: 'start' }), id);
    const active = toc.locator('a[data-active]');
    await expect(active).toHaveCount(1);
    await expect
      .poll(() =>
        active.evaluate((link) => {
          const list = link.closest('nav')!.getBoundingClientRect();
          const box = link.getBoundingClientRect();
          return box.top >= list.top && box.bottom <= list.bottom;
        }),
      )
      .toBe(true);
  }
});

test('on a phone the contents control stays on screen while reading any section, and names it', async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  await gotoHydrated(page, docsPageUrl(['rooms', 'appearance']));
  const button = page.getByRole('button', { name: 'On this page' });
  const ids = await page.locator('main h2[id]').evaluateAll((headings) => headings.map((heading) => heading.id));
  for (const id of [ids[1]!, ids[Math.floor(ids.length / 2)]!, ids.at(-1)!]) {
    await page.evaluate((target) => document.getElementById(target)!.scrollIntoView({ block: 'start' }), id);
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    // Under the 56 px header, at the top of the screen.
    expect(Math.round(box.y)).toBeGreaterThanOrEqual(56);
    expect(box.y + box.height).toBeLessThan(viewports.mobile.height / 3);
    const title = await page.locator(`[id="${id}"]`).textContent();
    await expect(button.locator('[data-toc-current]')).toHaveText(title!);
  }
  await button.click();
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
});

test('no page grows as the reader scrolls to its end', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  for (const path of [docsPageUrl([]), docsPageUrl(['writing-docs']), docsPageUrl(['rooms', 'appearance'])]) {
    await gotoHydrated(page, path);
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
    const before = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < before; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
    expect(await page.evaluate(() => document.documentElement.scrollHeight), path).toBe(before);
  }
});

test('a copy button never covers code', async ({ page }) => {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, docsPageUrl(['agents', 'mcp']));
    const covered = await page.locator('figure.shiki').evaluateAll((figures) =>
      figures.flatMap((figure, index) => {
        const button = figure.querySelector('button')?.getBoundingClientRect();
        const code = figure.querySelector('[role="group"]')?.getBoundingClientRect();
        if (!button || !code) return [];
        const overlap = button.left < code.right - 1 && code.left < button.right - 1 && button.top < code.bottom - 1 && code.top < button.bottom - 1;
        return overlap ? [`code block ${index}`] : [];
      }),
    );
    expect(covered, size).toEqual([]);
  }
});

test('a heading shows its link mark on hover and on focus', async ({ page }) => {
  await gotoHydrated(page, docsPageUrl(['install']));
  const link = page.locator('main h2[id] > a').first();
  const opacity = () => link.evaluate((element) => getComputedStyle(element, '::after').opacity);
  expect(await opacity()).toBe('0');
  await link.hover();
  await expect.poll(opacity).toBe('1');
  await page.mouse.move(0, 0);
  await expect.poll(opacity).toBe('0');
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect.poll(opacity).toBe('1');
});

test('the theme toggle moves to the other theme, back, and to following the system again', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await gotoHydrated(page, docsPageUrl(['install']));
  const html = page.locator('html');
  const toggle = page.locator('[data-theme-toggle]');
  await expect(toggle).toHaveAttribute('aria-label', /^Theme: system/);
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-label', /^Theme: dark/);
  await toggle.click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(toggle).toHaveAttribute('aria-label', /^Theme: light/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-label', /^Theme: system/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  // Following the system again: a change of the system's setting shows at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
});

test('printed, a docs page is its text: no header, sidebar, contents or buttons', async ({ page }) => {
  await gotoHydrated(page, docsPageUrl(['install']));
  await page.emulateMedia({ media: 'print' });
  for (const name of ['Main', 'Docs pages', 'On this page', 'Breadcrumb']) {
    await expect(page.getByRole('navigation', { name, exact: true })).toBeHidden();
  }
  await expect(page.locator('header')).toBeHidden();
  await expect(page.locator('main button:visible')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const theme of themes) {
  test(`the 404 page has its own title, a search and the main sections (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const response = await page.goto('/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    const sections = page.getByRole('navigation', { name: 'Documentation' }).getByRole('link');
    expect(await sections.count()).toBeGreaterThanOrEqual(4);
    await expect(sections.first()).toHaveAttribute('href', '/docs');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Search the documentation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await dialog.getByPlaceholder('Search').fill('reduce motion');
    await expect(dialog.getByRole('option').first()).toBeVisible();
  });
}
