import { expect, test } from '@playwright/test';
import { layerInstallLine } from '@/lib/catalog';
import { docsImageUrl, docsMarkdownUrl, docsPageUrl } from '@/lib/routes';
import { gotoHydrated, optionPage, viewports } from './support';

/**
 * The pages' promises to readers and to machines that read them: the install
 * line on the home page copies, unknown paths get the site's 404 page, and
 * every docs page links its markdown twin and its Open Graph image.
 */

test.describe('home page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('shows the install one-liner and its button copies it', async ({ page }) => {
    await gotoHydrated(page, '/');

    // The origin is whatever the build was configured with (SITE_URL), so
    // rebuild the expected line from the origin the page shows.
    const line = page.locator('pre code').filter({ hasText: /\/layer\.sh/ }).first();
    await expect(line).toBeVisible();
    const shown = (await line.textContent()) ?? '';
    const origin = /^curl -fsSL (https?:\/\/[^/\s]+)\/layer\.sh \| sh$/.exec(shown)?.[1];
    expect(origin, `install line "${shown}"`).toBeTruthy();
    expect(shown).toBe(layerInstallLine(origin!));

    await page.getByRole('button', { name: 'Copy the install command' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  });
});

test('an unknown path shows the site 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page-e2e');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // Where to go instead: the documentation's sections, the first its start (tests/e2e/reader.spec.ts has the rest).
  await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('link').first()).toHaveAttribute('href', '/docs');
});

test('a docs page links its markdown twin and its Open Graph image', async ({ page, request, baseURL }) => {
  const path = optionPage('layer.wallpaper.mark.size');
  const slugs = path.split('/').slice(2);
  const origin = new URL(baseURL!).origin;
  await gotoHydrated(page, path);

  const twin = page.locator('link[rel="alternate"][type="text/markdown"]');
  await expect(twin).toHaveCount(1);
  const twinHref = await twin.getAttribute('href');
  // Absolute on the build's public origin (metadataBase); fetched here by path.
  const twinPath = new URL(twinHref!, origin).pathname;
  expect(twinPath).toBe(docsMarkdownUrl(slugs));
  const markdown = await request.get(new URL(twinPath, origin).href);
  expect(markdown.status()).toBe(200);
  expect(markdown.headers()['content-type']).toMatch(/^text\/markdown/);

  const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute('content');
  expect(ogImage, 'og:image is set').toBeTruthy();
  // Open Graph wants an absolute URL. Its origin is the build's public origin
  // (metadataBase), which need not be where this test server listens, so the
  // image is fetched by its path.
  const ogUrl = new URL(ogImage!);
  expect(ogUrl.protocol).toMatch(/^https?:$/);
  expect(ogUrl.pathname).toBe(docsImageUrl(slugs));
  const image = await request.get(new URL(ogUrl.pathname, origin).href);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect((await image.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
});

for (const [size, viewport] of Object.entries(viewports)) {
  test(`the sidebar's links navigate within the page's app; a modified click opens a tab (${size})`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, docsPageUrl(['rooms', 'appearance']));
    // A soft navigation keeps the window: a value set on it survives one, a page load does not.
    await page.evaluate(() => Object.assign(window, { sidebarProbe: 'kept' }));
    const sidebar = page.getByRole('navigation', { name: 'Docs pages' });
    const menu = page.getByRole('button', { name: 'Docs menu' });

    if (size === 'mobile') await menu.click();
    await expect(sidebar.getByRole('link', { name: 'Appearance' })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Apps room' }).click();
    await expect(page).toHaveURL(docsPageUrl(['rooms', 'apps']));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps room');
    expect(await page.evaluate(() => (window as { sidebarProbe?: string }).sidebarProbe)).toBe('kept');
    // The menu's popover closes on navigating; the new page's entry is the current one.
    if (size === 'mobile') {
      await expect(sidebar).toBeHidden();
      await menu.click();
    }
    await expect(sidebar.getByRole('link', { name: 'Apps room' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Appearance' })).not.toHaveAttribute('aria-current');

    // Ctrl (⌘ on a Mac) and click: the browser's new tab, this page stays.
    const opened = context.waitForEvent('page');
    await sidebar.getByRole('link', { name: 'Appearance' }).click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForURL(docsPageUrl(['rooms', 'appearance']));
    await tab.close();
    await expect(page).toHaveURL(docsPageUrl(['rooms', 'apps']));
  });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`"On this page" lists the page's sections, jumps to one and marks it, and follows a soft navigation (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, docsPageUrl(['rooms', 'appearance']));
    const toc = page.getByRole('navigation', { name: 'On this page' });
    // A column from 1280 px, a popover opened by its button below.
    if (size === 'mobile') {
      await expect(toc).toBeHidden();
      await page.getByRole('button', { name: 'On this page' }).click();
    }
    await expect(toc).toBeVisible();
    // Every entry names a heading of the page by its anchor, in the page's order.
    const hrefs = await toc.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const ids = await page.locator('main :is(h2, h3)[id]').evaluateAll((headings) => headings.map((heading) => `#${heading.id}`));
    expect(hrefs.length).toBeGreaterThan(20);
    expect(hrefs).toEqual(ids);

    const entry = toc.getByRole('link', { name: 'layer.wallpaper.glow.spread', exact: true });
    await expect(entry).toHaveAttribute('data-depth', '3');
    await entry.click();
    await expect(page).toHaveURL(/#layer\.wallpaper\.glow\.spread$/);
    await expect(page.locator('[id="layer.wallpaper.glow.spread"]')).toBeInViewport();
    if (size === 'desktop') {
      // Marked once the page is idle (TocHighlight): the section at the top of the screen.
      await expect(entry).toHaveAttribute('data-active', '');

      await page.getByRole('navigation', { name: 'Docs pages' }).getByRole('link', { name: 'Apps room' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps room');
      await expect(toc.getByRole('link', { name: 'App store', exact: true })).toHaveAttribute('href', '#app-store');
      await expect(toc.getByRole('link', { name: 'layer.wallpaper.glow.spread', exact: true })).toHaveCount(0);
    }
  });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`a long page's later sections are laid out once it is idle, and draw as the page drew without them (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, docsPageUrl(['rooms', 'appearance']));
    // Skipped by the first paint (content-visibility: auto), then laid out one by one (SectionsWhenIdle).
    const sections = page.locator('.static-html > section');
    expect(await sections.count()).toBeGreaterThan(3);
    await expect(page.locator('.static-html > section:not([data-laid-out])')).toHaveCount(0);
    expect(await sections.evaluateAll((all) => all.map((section) => getComputedStyle(section).contentVisibility))).toEqual(
      Array.from({ length: await sections.count() }, () => 'visible'),
    );
    // The gaps around each section are the ones the same blocks had without it (app/global.css).
    const tops = () =>
      page.locator('.static-html :is(h2, h3, p, ul, ol, table)').evaluateAll((blocks) => blocks.map((block) => Math.round(block.getBoundingClientRect().top + window.scrollY)));
    const withSections = await tops();
    await page.evaluate(() => {
      for (const section of document.querySelectorAll('.static-html > section')) section.replaceWith(...section.childNodes);
    });
    expect(withSections).toEqual(await tops());

    // A navigation within the app to another page with sections lays out its sections too.
    await page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link', { name: /Apps room/ }).click();
    await expect(page).toHaveURL(docsPageUrl(['rooms', 'apps']));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps room');
    expect(await sections.count()).toBeGreaterThan(0);
    await expect(page.locator('.static-html > section:not([data-laid-out])')).toHaveCount(0);
  });
}
