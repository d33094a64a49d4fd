import { expect, test } from '@playwright/test';
import { appNames } from '@/lib/catalog/apps';
import { problemCodes } from '@/lib/http/problem-codes';
import { docsPageUrl, downloadRoute, problemTypeRoute, v1 } from '@/lib/routes';
import { artifactPath, gotoThemed, themes, viewports } from './support';

/**
 * Visible fixes of the site's pages, each held in light and dark and at
 * desktop and phone size (390×844), by DOM assertions (screenshots are
 * saved as artifacts for a person to look at, not compared).
 */

for (const theme of themes) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test.describe(`${theme}, ${size}`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize(viewport);
      });

      test('problem pages render code spans as <code>, no literal backticks', async ({ page }) => {
        const code = 'missing_query';
        await gotoThemed(page, problemTypeRoute(code), theme);
        const explanation = page.locator('main p').filter({ hasText: 'search query' }).first();
        await expect(explanation).toBeVisible();
        expect(await explanation.textContent()).not.toContain('`');
        const spans = problemCodes[code].explanation.match(/`([^`]+)`/g)!.map((span) => span.slice(1, -1));
        await expect(explanation.locator('code')).toHaveText(spans);
        await expect(page.locator('main')).not.toContainText('`');
        await page.screenshot({ path: artifactPath(`problem-${theme}-${size}.png`) });
      });

      test('the install line keeps its $ prompt on the first line', async ({ page }) => {
        await gotoThemed(page, '/', theme);
        const line = page.locator('pre').filter({ hasText: '/layer.sh' }).first();
        const prompt = line.locator('xpath=preceding-sibling::*[@data-prompt]');
        const lineBox = (await line.boundingBox())!;
        const promptBox = (await prompt.boundingBox())!;
        const lineHeight = await line.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        const paddingTop = await line.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
        // The prompt's text sits on the command's first line box, wrapped or not.
        expect(Math.abs(promptBox.y - lineBox.y), 'prompt top vs first line top').toBeLessThanOrEqual(1);
        expect(promptBox.height).toBeLessThanOrEqual(lineHeight + 2 * paddingTop + 1);
        if (size === 'mobile') expect(lineBox.height, 'the command wraps on a phone').toBeGreaterThan(lineHeight * 1.5 + 2 * paddingTop);
        await line.screenshot({ path: artifactPath(`install-line-${theme}-${size}.png`) });
      });

      test('the header links Docs, API and Download', async ({ page }) => {
        await gotoThemed(page, '/', theme);
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const [name, href] of [
          ['Docs', docsPageUrl([])],
          ['API', docsPageUrl(['api'])],
          ['Download', docsPageUrl(['apps'])],
        ]) {
          const link = nav.getByRole('link', { name, exact: true });
          await expect(link).toBeVisible();
          await expect(link).toHaveAttribute('href', href);
        }
        await nav.getByRole('link', { name: 'Download', exact: true }).click();
        await expect(page).toHaveURL(docsPageUrl(['apps']));
        await expect(page.locator('a[data-app-download], [data-app-download] a').first()).toBeVisible();
      });

      test('the sidebar names the two apps pages apart; breadcrumbs never repeat the title', async ({ page }) => {
        await gotoThemed(page, docsPageUrl(['rooms']), theme);
        if (size === 'mobile') await page.getByRole('button', { name: 'Docs menu' }).click();
        const sidebar = page.getByRole('navigation', { name: 'Docs pages' });
        await expect(sidebar).toBeVisible();
        const names = (await sidebar.getByRole('link').allTextContents()).map((text) => text.trim());
        expect(names).toContain('Mac apps: pounce and perch');
        expect(names).toContain('Apps room');
        expect(names.filter((name) => /^apps$/i.test(name))).toEqual([]);
        expect(new Set(names).size, `sidebar entries: ${names.join(' | ')}`).toBe(names.length);
        if (size === 'mobile') await page.keyboard.press('Escape');
        // The rooms overview: title "Rooms", and no "Rooms" breadcrumb above it; the path to it is the docs' root.
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rooms');
        await expect(crumbs).toHaveText(['Docs']);
        await gotoThemed(page, docsPageUrl(['rooms', 'apps']), theme);
        // The whole path, and not the page's own title.
        await expect(crumbs).toHaveText(['Docs', 'Rooms']);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apps room');
      });

      test('/docs/apps: a download button per app with its latest release from the release document', async ({ page }) => {
        const release = {
          tag: 'v2026.11.01',
          asset: 'pounce-2026.11.01.dmg',
          size: 12_345_678,
          url: 'https://github.com/layer-desktop/pounce/releases/download/v2026.11.01/pounce-2026.11.01.dmg',
          publishedAt: '2026-11-01T09:00:00Z',
        };
        // pounce's lookup answers a release; perch's fails as an outage would.
        await page.route(`**${v1.release('pounce')}`, (route) => route.fulfill({ json: release, headers: { 'cache-control': 'no-store' } }));
        await page.route(`**${v1.release('perch')}`, (route) =>
          route.fulfill({ status: 502, contentType: 'application/problem+json', body: JSON.stringify({ code: 'upstream_unavailable' }) }),
        );
        await gotoThemed(page, docsPageUrl(['apps']), theme);
        for (const app of appNames) {
          const button = page.getByRole('link', { name: `Download ${app}`, exact: true });
          await expect(button).toBeVisible();
          await expect(button).toHaveAttribute('href', downloadRoute(app));
        }
        const facts = page.locator('[data-release-facts="pounce"]');
        await expect(facts).toContainText('v2026.11.01');
        await expect(facts).toContainText('12.3 MB');
        await expect(facts).toContainText('Nov 1, 2026');
        // The failed lookup shows nothing invented; the button stays.
        await expect(page.locator('[data-release-facts="perch"]')).toHaveCount(0);
        await page.locator('[data-app-download="pounce"]').screenshot({ path: artifactPath(`download-${theme}-${size}.png`) });
      });
    });
  }
}
