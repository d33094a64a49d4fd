import { expect, test, type Locator, type Page } from '@playwright/test';
import { docsMarkdownUrl, docsRoute, mcp, sitemapRoute } from '@/lib/routes';
import { gotoHydrated, onePerFolder, viewports } from './support';

/**
 * The page actions under each docs page's title (components/docs/page-actions.tsx):
 * "Open in ChatGPT" and "Open in Claude" on every page of the sitemap, each
 * asking the assistant to read the page's markdown twin at its absolute URL;
 * on the MCP page, one-click installs in Cursor and VS Code that name this
 * server's /mcp, as /mcp.json does. Plain links opening a new tab, drawn by
 * the server: the row is the same before and after the page's script runs.
 *
 * The pages are prerendered, so their absolute URLs carry the origin of the
 * build, which need not be where this test server listens: the twin's URL is
 * read from the page's own `<link rel="alternate" type="text/markdown">`
 * (absolute on the same origin, metadataBase).
 */

/** The row of actions under the title (the first bordered row after the h1). */
const actionRow = (page: Page) => page.locator('h1 ~ div.border-b').first();

/** The docs pages the sitemap lists, as paths. */
async function sitemapDocsPaths(page: Page): Promise<string[]> {
  const response = await page.request.get(sitemapRoute);
  expect(response.status()).toBe(200);
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const docs = paths.filter((path) => path === docsRoute || path.startsWith(`${docsRoute}/`));
  expect(docs.length, 'docs pages in the sitemap').toBeGreaterThan(10);
  return docs;
}

const slugsOf = (path: string) => path.split('/').slice(2);

/** A link that opens another site in a new tab, giving it no opener and no referrer. */
async function expectNewTab(link: Locator): Promise<void> {
  await expect(link).toHaveAttribute('target', '_blank');
  const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
  expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
}

/** Visible, and inside the viewport's width (nothing pushed off a phone's screen). */
async function expectOnScreen(page: Page, link: Locator): Promise<void> {
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`${size === 'mobile' ? 'every docs page in the sitemap' : 'a docs page of each folder'} opens its twin in ChatGPT and Claude (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Every page at phone size, where the row is narrowest; the desktop row is the same template.
    const every = await sitemapDocsPaths(page);
    const paths = size === 'mobile' ? every : onePerFolder(every);
    // One page load per docs page: the time allowed grows with their number.
    test.setTimeout(60_000 + paths.length * 20_000);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(200);
      const twin = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
      expect(new URL(twin!).pathname, `the twin of ${path}`).toBe(docsMarkdownUrl(slugsOf(path)));

      const row = actionRow(page);
      for (const [assistant, prefix, parameter] of [
        ['ChatGPT', 'https://chatgpt.com/?', 'prompt'],
        ['Claude', 'https://claude.ai/new?', 'q'],
      ] as const) {
        const link = row.getByRole('link', { name: `Open in ${assistant}`, exact: false });
        await expect(link, `${path}: Open in ${assistant}`).toHaveCount(1);
        const href = (await link.getAttribute('href'))!;
        expect(href.startsWith(prefix), `${path}: ${href}`).toBe(true);
        // The prompt, URL-decoded, names the twin at its absolute URL.
        expect(new URL(href).searchParams.get(parameter), `${path}: the ${assistant} prompt`).toContain(twin!);
        await expectNewTab(link);
        await expectOnScreen(page, link);
      }
    }
  });

  test(`the MCP page installs this server in Cursor and VS Code, as /mcp.json names it (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const manifest = (await (await page.request.get(mcp.manifest)).json()) as { mcpServers: Record<string, { url: string }> };
    const served = manifest.mcpServers.svc!;
    await gotoHydrated(page, mcp.docs);
    // The page carries the build's origin: the server's /mcp path on it.
    const buildOrigin = new URL((await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href'))!).origin;
    const expectedUrl = `${buildOrigin}${new URL(served.url).pathname}`;
    expect(new URL(expectedUrl).pathname).toBe(mcp.transport);

    // In the action row and in the page's "One click" section alike.
    for (const scope of [actionRow(page), page.locator('article .prose')]) {
      const cursor = scope.getByRole('link', { name: /Cursor/ }).and(page.locator('a[href^="https://cursor.com/"]'));
      await expect(cursor).toHaveCount(1);
      const cursorQuery = new URL((await cursor.getAttribute('href'))!).searchParams;
      expect(cursorQuery.get('name')).toBe('svc');
      expect(Object.keys(manifest.mcpServers)).toContain(cursorQuery.get('name'));
      expect(JSON.parse(Buffer.from(cursorQuery.get('config')!, 'base64').toString('utf8'))).toEqual({ url: expectedUrl });

      const vscode = scope.getByRole('link', { name: /VS Code/ }).and(page.locator('a[href^="https://insiders.vscode.dev/redirect?"]'));
      await expect(vscode).toHaveCount(1);
      const deeplink = new URL((await vscode.getAttribute('href'))!).searchParams.get('url')!;
      expect(deeplink.startsWith('vscode:mcp/install?')).toBe(true);
      expect(JSON.parse(decodeURIComponent(deeplink.slice('vscode:mcp/install?'.length)))).toEqual({ name: 'svc', type: 'http', url: expectedUrl });

      for (const link of [cursor, vscode]) {
        await expectNewTab(link);
        await expectOnScreen(page, link);
      }
    }
  });

  test(`the action row is drawn by the server: nothing in it moves once the page's script runs (${size})`, async ({ browser }) => {
    for (const path of ['/docs/install', mcp.docs]) {
      const boxes: Array<Array<{ x: number; y: number; width: number; height: number }>> = [];
      let shiftedInRow: number[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ viewport, javaScriptEnabled });
        const page = await context.newPage();
        if (javaScriptEnabled) {
          // Layout shifts from the first paint on (Chromium's layout-shift entries).
          await page.addInitScript(() => {
            const shifts: LayoutShift[] = [];
            const observer = new PerformanceObserver((list) => shifts.push(...(list.getEntries() as LayoutShift[])));
            observer.observe({ type: 'layout-shift', buffered: true });
            Object.assign(window, { layoutShifts: () => [...shifts, ...(observer.takeRecords() as LayoutShift[])] });
          });
          await gotoHydrated(page, path);
        } else {
          expect((await page.goto(path))?.status()).toBe(200);
        }
        const row = actionRow(page);
        await expect(row.getByRole('link', { name: /Open in ChatGPT/ })).toBeVisible();
        boxes.push(
          await row.evaluate((element) => {
            const origin = element.getBoundingClientRect();
            return [element, ...element.querySelectorAll('a, button')].map((node) => {
              const box = node.getBoundingClientRect();
              return { x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height };
            });
          }),
        );
        if (javaScriptEnabled) {
          // A shift counts against the row when the row or a control in it is among what moved.
          shiftedInRow = await row.evaluate((element) =>
            (window as unknown as { layoutShifts(): LayoutShift[] })
              .layoutShifts()
              .filter((shift) => !shift.hadRecentInput && shift.sources.some((source) => source.node && (element === source.node || element.contains(source.node))))
              .map((shift) => shift.value),
          );
        }
        await context.close();
      }
      expect(boxes[1], `${path}: the row with the page's script, against the HTML alone`).toEqual(boxes[0]);
      expect(shiftedInRow, `${path}: layout shifts in the action row`).toEqual([]);
    }
  });
}

/** Chromium's layout-shift entry (not in TypeScript's DOM library). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: Array<{ node: Node | null }>;
}
