import { expect, test, type Page, type Request } from '@playwright/test';
import { appNames } from '@/lib/catalog/apps';
import { docsPageUrl, v1 } from '@/lib/routes';
import { gotoThemed, optionPage, themes, viewports } from './support';

/**
 * No link to a download, the JSON API, an installer or a text view is
 * prefetched: a prefetch of /download/pounce costs a code-host lookup and a
 * rate-limit hit per view. Each page is loaded, scrolled to the end (links
 * prefetch as they enter the viewport) and hovered over its links; no
 * request may go to those paths. The one exception is deliberate: the apps
 * page asks /v1/releases/{app} once per app, with fetch(), for the latest
 * version it shows beside each download button.
 *
 * Nothing is left to a pause: once the page has drawn two frames and been
 * idle after the last hover (when Next's viewport and hover prefetches have
 * been issued), it requests a sentinel path; the browser reports requests
 * in the order they were issued, so when the sentinel's request is seen,
 * every request issued before it has been seen too.
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
const sentinelPath = '/__prefetch-check-sentinel';

/** Requests the sentinel path from the page once it is idle after two frames; resolves when that request is seen. */
async function everythingIssuedIsSeen(page: Page): Promise<void> {
  const sentinelSeen = page.waitForRequest((request) => new URL(request.url()).pathname === sentinelPath);
  await page.evaluate(
    (sentinel) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            requestIdleCallback(() => {
              void fetch(sentinel).catch(() => undefined);
              resolve();
            }),
          ),
        ),
      ),
    sentinelPath,
  );
  await sentinelSeen;
}

for (const path of pages) {
  for (const theme of themes) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`${path} fetches no download, API, installer or text view (${theme}, ${size})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        const seen: Request[] = [];
        page.on('request', (request) => seen.push(request));
        await page.route(sentinelPath, (route) => route.fulfill({ status: 204 }));
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
        await everythingIssuedIsSeen(page);

        const offending = seen
          .map((request) => ({ request, pathname: new URL(request.url()).pathname }))
          .filter(({ pathname }) => isNeverPrefetched(pathname))
          .filter(({ request, pathname }) => !(path === docsPageUrl(['apps']) && releaseLookups.has(pathname) && request.resourceType() === 'fetch'));
        expect(offending.map(({ request, pathname }) => `${request.resourceType()} ${pathname}`)).toEqual([]);

        // The release lookups: on the apps page exactly one fetch per app (made when the page is idle, so
        // seen by now: the observer saw the page's own requests), elsewhere none.
        const lookups = seen.filter((request) => releaseLookups.has(new URL(request.url()).pathname));
        expect(lookups.map((request) => request.resourceType())).toEqual(path === docsPageUrl(['apps']) ? appNames.map(() => 'fetch') : []);
        expect(seen.filter((request) => new URL(request.url()).pathname === sentinelPath)).toHaveLength(1);
        for (const request of seen) {
          const headers = await request.allHeaders();
          if (headers['next-router-prefetch']) expect(isNeverPrefetched(new URL(request.url()).pathname), `prefetch of ${request.url()}`).toBe(false);
        }
      });
    }
  }
}
