import { expect, test, type APIRequestContext } from '@playwright/test';
import { insights } from '@/lib/routes';
import { e2eInsightsToken } from './insights-token';
import { artifactPath, gotoHydrated, openSearchWithButton, typeQuery, viewports } from './support';

/**
 * Search insights and page feedback as a reader and a maintainer meet them
 * (Docs "Search insights"): the feedback form at the end of a docs page,
 * with and without JavaScript, on a phone and a desktop; a search dialog
 * click, recorded with its rank; the maintainers' view, signed in.
 */
const bearer = { authorization: `Bearer ${e2eInsightsToken}` };

interface Report {
  clicksByRank: Record<string, number>;
  searches: { query: string; clicks: number }[];
  feedback: { page: string; helpful: number; notHelpful: number; comments: string[] }[];
}

/** /insights.json once `ready` holds (events are written after the answer). */
async function reportWhen(request: APIRequestContext, ready: (report: Report) => boolean): Promise<Report> {
  let report: Report | undefined;
  await expect(async () => {
    report = (await (await request.get(`${insights.json}?days=1`, { headers: bearer })).json()) as Report;
    expect(ready(report)).toBe(true);
  }).toPass({ timeout: 30_000 });
  return report!;
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`page feedback, ${size}`, () => {
    test.use({ viewport });

    test('with JavaScript: the form says thanks in place, and the comment reaches the maintainers', async ({ page }) => {
      const comment = `Missing: how to uninstall (${size}, script)`;
      await gotoHydrated(page, '/docs/desktops');
      const form = page.getByRole('form', { name: 'Was this page helpful?' });
      await form.scrollIntoViewIfNeeded();
      await expect(form).toBeVisible();
      await form.getByLabel('What was missing or wrong? (optional)').fill(comment);
      await page.screenshot({ path: artifactPath(`feedback-${size}.png`) });
      await form.getByRole('button', { name: 'No' }).click();
      await expect(page.locator('[data-feedback="sent"]')).toHaveText(/Thank you/);
      expect(page.url()).toMatch(/\/docs\/desktops$/);
      await reportWhen(page.request, (report) => report.feedback.some((entry) => entry.page === '/docs/desktops' && entry.comments.includes(comment)));
    });
  });

  test.describe(`page feedback without JavaScript, ${size}`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test('the plain form posts, and a page says thanks and links back', async ({ page }) => {
      const comment = `Clear enough (${size}, no script)`;
      expect((await page.goto('/docs/apps'))?.status()).toBe(200);
      const form = page.getByRole('form', { name: 'Was this page helpful?' });
      await form.getByLabel('What was missing or wrong? (optional)').fill(comment);
      await form.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the page' })).toHaveAttribute('href', '/docs/apps');
      await reportWhen(page.request, (report) => report.feedback.some((entry) => entry.page === '/docs/apps' && entry.comments.includes(comment)));
    });
  });
}

test('a search dialog click is recorded with its rank among the sections', async ({ page }) => {
  await gotoHydrated(page, '/docs');
  const dialog = await openSearchWithButton(page);
  const results = await typeQuery(dialog, 'glow spread');
  const types = await results.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
  const index = types.findIndex((type, at) => type !== 'page' && types.slice(0, at).filter((before) => before !== 'page').length === 1);
  expect(index, `a second section among ${types.join(', ')}`).toBeGreaterThan(0);
  const before = (await (await page.request.get(`${insights.json}?days=1`, { headers: bearer })).json()) as Report;
  await results.nth(index).click();
  await expect(dialog).toBeHidden();
  const after = await reportWhen(page.request, (report) => (report.clicksByRank['2'] ?? 0) > (before.clicksByRank['2'] ?? 0));
  expect(after.searches.find((row) => row.query === 'glow spread')?.clicks).toBeGreaterThan(0);
});

for (const [size, viewport] of Object.entries(viewports)) {
  test(`the maintainers' view renders, signed in, ${size}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, extraHTTPHeaders: bearer });
    const page = await context.newPage();
    const response = await page.goto(`${insights.page}?days=7`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Search insights', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Searches per day and door' })).toBeVisible();
    for (const name of ['People and agents', 'Found nothing, or only a weak match', 'Most frequent queries', 'Pages by “not helpful”', 'What agents read most']) {
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    }
    // Nothing wider than the screen but the tables, which scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: artifactPath(`insights-${size}.png`), fullPage: true });
    await context.close();
  });
}
