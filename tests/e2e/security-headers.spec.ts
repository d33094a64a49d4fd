import { expect, test, type Page } from '@playwright/test';
import { docsPageUrl, problemTypeRoute, v1 } from '@/lib/routes';
import { openSearchWithShortcut, typeQuery } from './support';

/**
 * The pages under their Content-Security-Policy (lib/http/security-headers.mjs),
 * in the browser that enforces it: every docs page, the home page, the
 * option browser, the 404 page and a problem page load with no violation
 * reported (a `securitypolicyviolation` listener added before any script of
 * the page runs) and no console error, and what runs on them (the search
 * dialog, the theme toggle, copy buttons, the page image, Fumadocs UI's
 * components, the apps page's release lookup) works, while a script
 * injected into a page is refused.
 */

interface Watch {
  /** Violations the page reported, and console errors, since the last navigation's start. */
  problems(): Promise<string[]>;
}

async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}: ${event.sample}`);
    });
  });
  let errors: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) errors = [];
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    async problems() {
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      return [...violations, ...errors];
    },
  };
}

/** A release the apps page shows (the server's code host is a closed port in these tests). */
async function answerReleases(page: Page): Promise<void> {
  await page.route(`**${v1.release('*')}`, (route) =>
    route.fulfill({
      json: { tag: 'v2026.11.01', asset: 'app-2026.11.01.dmg', size: 1_000_000, url: 'https://github.com/a/b/releases/download/v/app.dmg', publishedAt: '2026-11-01T09:00:00Z' },
      headers: { 'cache-control': 'no-store' },
    }),
  );
}

test('every page loads under the policy with no violation and no console error', async ({ page, request }) => {
  const watcher = await watch(page);
  await answerReleases(page);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  // The sitemap's URLs are on the build's public origin: each is visited by its path here.
  const docs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => path === '/docs' || path.startsWith('/docs/'));
  expect(docs).toContain(docsPageUrl(['options']));
  const pages = [{ path: '/', status: 200 }, ...docs.map((path) => ({ path, status: 200 })), { path: problemTypeRoute('not_found'), status: 200 }];
  const found: Record<string, string[]> = {};
  for (const { path, status } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path}`).toBe(status);
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    await page.waitForLoadState('networkidle');
    const problems = await watcher.problems();
    if (problems.length > 0) found[path] = problems;
  }
  expect(found).toEqual({});
});

test('the 404 page loads under the policy with no violation', async ({ page }) => {
  const watcher = await watch(page);
  const response = await page.goto('/no/such/page-csp');
  expect(response?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // The browser reports the document's own 404 as a failed load; nothing else may appear.
  const problems = (await watcher.problems()).filter((problem) => !/Failed to load resource: .* status of 404/.test(problem));
  expect(problems).toEqual([]);
});

test.describe('what runs on the pages still works under the policy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('search, theme toggle, copy buttons, page image, components, release lookup', async ({ page }) => {
    const watcher = await watch(page);
    await answerReleases(page);

    // The search dialog fetches its index from the site (connect-src 'self').
    await page.goto(docsPageUrl(['rooms', 'appearance']));
    await page.waitForLoadState('networkidle');
    const dialog = await openSearchWithShortcut(page);
    const results = await typeQuery(dialog, 'wallpaper');
    await expect(results.first()).toBeVisible();
    await page.reload();
    await page.waitForLoadState('networkidle');

    // The theme toggle: the inline theme script's `applyTheme`, called on a click.
    const html = page.locator('html');
    const before = (await html.getAttribute('class'))?.match(/\b(light|dark)\b/)?.[1];
    await page.locator('[data-theme-toggle]').filter({ visible: true }).first().click();
    await expect(html).toHaveClass(new RegExp(`\\b${before === 'dark' ? 'light' : 'dark'}\\b`));

    // A code block's copy button.
    await page.goto(docsPageUrl(['install']));
    await page.waitForLoadState('networkidle');
    const copy = page.getByRole('button', { name: 'Copy code' }).first();
    const code = await copy.locator('xpath=ancestor::figure[1]//pre').first().textContent();
    expect(code).toBeTruthy();
    await copy.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await watcher.problems()).toEqual([]);

    // The page image (drawn by the site's Open Graph route), and Fumadocs UI's components.
    await page.goto(docsPageUrl(['writing-docs']));
    await page.waitForLoadState('networkidle');
    const image = page.locator('img[src="/og/docs/writing-docs/image.png"]').first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1200);
    const tab = page.getByRole('tab', { name: 'meta.json' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const accordion = page.getByRole('button', { name: 'Search', exact: true });
    await accordion.click();
    await expect(accordion).toHaveAttribute('aria-expanded', 'true');
    expect(await watcher.problems()).toEqual([]);

    // The apps page asks the site for each app's latest release.
    await page.goto(docsPageUrl(['apps']));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-release-facts="pounce"]')).toContainText('v2026.11.01');
    expect(await watcher.problems()).toEqual([]);
  });

  test('a script injected into a page does not run', async ({ page }) => {
    await page.goto(docsPageUrl(['install']));
    await page.waitForLoadState('networkidle');
    const refused = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
          const script = document.createElement('script');
          script.textContent = 'window.injected = true';
          document.body.append(script);
        }),
    );
    expect(await refused).toBe('script-src-elem');
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});
