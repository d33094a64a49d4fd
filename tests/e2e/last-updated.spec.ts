import { expect, test } from '@playwright/test';
import { onePerFolder, viewports } from './support';

/**
 * Every docs page tells its reader when it last changed: a "Last updated"
 * line under the description holding a `<time>` whose `datetime` is the
 * page's date (lib/docs-source/last-modified.ts), at a desktop and a phone
 * size; and the page's markdown twin names the same day and answers
 * `If-Modified-Since` with 304.
 */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

for (const [size, viewport] of Object.entries(viewports)) {
  test(`${size === 'mobile' ? 'every docs page in the sitemap' : 'a docs page of each folder'} shows its last-changed date, the date its twin carries (${size})`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(viewport);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    // The sitemap's URLs are on the build's public origin: each is visited by its path here.
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => path === '/docs' || path.startsWith('/docs/'));
    expect(paths.length).toBeGreaterThanOrEqual(8);

    // Every page's date at phone size; where the line sits is one template, checked on a page of each folder at desktop size.
    for (const path of size === 'mobile' ? paths : onePerFolder(paths)) {
      await page.goto(path);
      const line = page.locator('main p').filter({ hasText: /^Last updated / });
      const time = line.locator('time');
      await expect(time, path).toBeVisible();
      const datetime = (await time.getAttribute('datetime')) ?? '';
      expect(datetime, path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(new Date(datetime).toISOString().replace('.000Z', 'Z'), path).toBe(datetime);
      await expect(time, path).toHaveText(dayFormat.format(new Date(datetime)));
      // Under the description, above the page's text.
      await expect(page.locator('main h1 ~ p').filter({ has: page.locator('time') }), path).toHaveCount(1);

      const twin = await request.get(new URL(`${path}.md`, baseURL).href);
      expect(twin.status(), path).toBe(200);
      expect((await twin.text()).split('\n')[2], path).toBe(`Last updated: ${datetime.slice(0, 10)}`);
      const lastModified = twin.headers()['last-modified']!;
      expect(Date.parse(lastModified), path).toBe(Date.parse(datetime));
      const again = await request.get(new URL(`${path}.md`, baseURL).href, { headers: { 'if-modified-since': lastModified } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
    }
  });
}
