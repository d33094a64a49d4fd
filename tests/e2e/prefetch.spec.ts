import { expect, test, type Request } from '@playwright/test';
import { appNames } from '@/lib/catalog/apps';
import { docsPageUrl, v1 } from '@/lib/routes';
import { gotoThemed, optionPage, themes, viewports } from './support';

/**
 * No link to a download, the JSON API, an installer or a text view is
 * prefetched (issue 13 item 3): a view of /docs/apps used to prefetch
 * /download/pounce and /download/perch, two code-host lookups and two
 * rate-limit hits per view. Each page is loaded, scrolled to the end (links
 * prefetch as they enter the viewport) and hovered over its links; no
 * request may go to those paths. The one exception is deliberate: the apps
 * page asks /v1/releases/{app} once per app, with fetch(), for the latest
 * version it shows beside each download button.
 */
const pages = ['/', docsPageUrl(['apps']), docsPageUrl(['install']), optionPage('layer.wallpaper.glow.spread')];

/** Paths that are not HTML pages: never to be fetched just because a link to them is on screen. */
function isNeverPrefetched(pathname: string): boolean {
  return (
    pathname.startsWith('/download/') ||
    pathname.startsWith('/v1/') ||
    pathname.startsWith('/api/') ||
    /^\/[^/]+\.sh$/.test(pathname) ||
    /\.(md|txt)$/.test(pathname) ||
    pathname === '/openapi.json' ||
    pathname === '/design.md'
  );
}

const releaseLookups = new Set(appNames.map((app) => v1.release(app)));

for (const path of pages) {
  for (const theme of themes) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`${path} fetches no download, API, installer or text view (${theme}, ${size})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        const seen: Request[] = [];
        page.on('request', (request) => seen.push(request));
        await gotoThemed(page, path, theme);

        // Bring every link into view and point at each, as a reader would.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
        });
        for (const link of await page.locator('a[href^="/"]:visible').all()) {
          const href = (await link.getAttribute('href')) ?? '';
          if (isNeverPrefetched(new URL(href, 'http://x').pathname)) await link.hover({ force: true, timeout: 2_000 }).catch(() => undefined);
        }
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);

        const offending = seen
          .map((request) => ({ request, pathname: new URL(request.url()).pathname }))
          .filter(({ pathname }) => isNeverPrefetched(pathname))
          .filter(({ request, pathname }) => !(path === docsPageUrl(['apps']) && releaseLookups.has(pathname) && request.resourceType() === 'fetch'));
        expect(offending.map(({ request, pathname }) => `${request.resourceType()} ${pathname}`)).toEqual([]);

        // The release lookups, where made, are one fetch per app and no prefetch.
        const lookups = seen.filter((request) => releaseLookups.has(new URL(request.url()).pathname));
        expect(lookups.length).toBeLessThanOrEqual(path === docsPageUrl(['apps']) ? appNames.length : 0);
        for (const request of seen) {
          const headers = await request.allHeaders();
          if (headers['next-router-prefetch']) expect(isNeverPrefetched(new URL(request.url()).pathname), `prefetch of ${request.url()}`).toBe(false);
        }
      });
    }
  }
}
