import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { docsPageUrl, mcp, problemTypeRoute } from '@/lib/routes';
import { openSearchWithButton, optionPage, typeQuery, viewports } from './support';

/**
 * axe-core on every page template, in every way a reader gets a theme:
 * WCAG 2.0, 2.1 and 2.2 A/AA plus axe's best practices, at desktop and
 * phone size. Any violation fails, whatever its impact; the failure lists
 * each rule id with the elements it flagged.
 *
 * One test per (page, theme, size), so a failure names its combination.
 */
const pages = [
  { name: 'home', path: '/' },
  { name: 'docs page', path: docsPageUrl(['install']) },
  // Every Fumadocs UI component the MDX may use.
  { name: 'components', path: docsPageUrl(['writing-docs']) },
  { name: 'room', path: optionPage('layer.wallpaper.mark.size') },
  { name: 'option browser', path: docsPageUrl(['options']) },
  { name: 'API', path: docsPageUrl(['api']) },
  { name: 'agents', path: docsPageUrl(['agents']) },
  { name: 'apps', path: docsPageUrl(['apps']) },
  { name: 'problem', path: problemTypeRoute('not_found') },
  { name: '404', path: '/docs/no-such-page', status: 404 },
] as const;

/**
 * The site follows the system setting until a reader picks a theme with the
 * toggle, which stores the choice (components/site/theme.tsx). Dark is
 * checked both ways: from the system setting on every page, and chosen with
 * the toggle on a light system on the components page (every component the
 * docs use) and in the search dialog. Both ways end in one class on <html>
 * that the stylesheet keys on, so axe on every page both ways read the same
 * colours twice; that the toggle works on every page is checked without axe.
 */
const themes = [
  { name: 'light', colorScheme: 'light', toggle: false, expected: 'light' },
  { name: 'dark from the system setting', colorScheme: 'dark', toggle: false, expected: 'dark' },
  { name: 'dark chosen with the toggle', colorScheme: 'light', toggle: true, expected: 'dark' },
] as const;
type Theme = (typeof themes)[number];
const toggledDark = themes[2];

// What lets the toggled dark theme go without axe on every page: no rule of the site's
// stylesheets follows the system setting; only the class on <html> does.
test('the stylesheets key the dark theme on the class on <html>, never on the system setting', async ({ request }) => {
  const html = await (await request.get(docsPageUrl(['writing-docs']))).text();
  const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((link) => /href="([^"]+)"/.exec(link[0])![1]!);
  expect(sheets.length).toBeGreaterThan(0);
  for (const sheet of sheets) {
    const css = await (await request.get(sheet)).text();
    expect(css, sheet).toMatch(/\.dark\b/);
    expect(css, sheet).not.toMatch(/prefers-color-scheme/);
  }
  // The rules inlined for the first paint (lib/framework/page-styles.ts) keep the dark ones, keyed the same way.
  const inline = /<style data-first-screen>([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(inline, 'the page inlines the rules its first paint needs').toMatch(/\.dark\b/);
  expect(inline).not.toMatch(/prefers-color-scheme/);
});

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Clicks the page's visible theme toggle on a light page: the page turns dark. */
async function toggleToDark(page: Page): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);
  const toggle = page.locator('[data-theme-toggle]').filter({ visible: true }).first();
  await expect(toggle, 'the site has a visible theme toggle').toBeVisible();
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
}

/** Loads a page in a theme and waits until it is hydrated and the theme applied. */
async function gotoThemed(page: Page, path: string, theme: Theme, status = 200): Promise<void> {
  await page.emulateMedia({ colorScheme: theme.colorScheme, reducedMotion: 'reduce' });
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(status);
  await page.waitForLoadState('networkidle');
  if (theme.toggle) await toggleToDark(page);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme.expected}\\b`));
  // Let the view transition of a switch finish before axe reads colours.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Runs axe and fails with one line per flagged element: rule id, impact, target. */
async function expectNoViolations(page: Page, testInfo: TestInfo, where: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(tags);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  if (violations.length > 0) {
    await testInfo.attach('axe-violations.json', { body: JSON.stringify(violations, null, 2), contentType: 'application/json' });
  }
  const lines = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'no impact'}): ${node.target.join(' ')} — ${violation.help}`),
  );
  expect(lines, `axe violations on ${where}`).toEqual([]);
}

for (const { name, path, ...rest } of pages) {
  const status = 'status' in rest ? rest.status : 200;
  test.describe(`${name} page (${path})`, () => {
    test('has a lang attribute and exactly one h1, and its theme toggle turns it dark', async ({ page }) => {
      await gotoThemed(page, path, themes[0], status);
      await expect(page.locator('html')).toHaveAttribute('lang', /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
      await expect(page.locator('h1')).toHaveCount(1);
      await toggleToDark(page);
    });

    test('is rendered on the server, theme script included', async ({ request }) => {
      // What a reader sees before (or without) script: the heading and <main>
      // in the HTML itself, and the inline script that picks the theme.
      const response = await request.get(path, { headers: { Accept: 'text/html' } });
      expect(response.status(), `GET ${path}`).toBe(status);
      const html = await response.text();
      const found = {
        h1: /<h1[\s>]/.test(html),
        main: /<main[\s>]/.test(html),
        themeScript: /<script>[^<]*localStorage\.getItem\('theme'\)/.test(html),
      };
      expect(found, `what the HTML of ${path} holds`).toEqual({ h1: true, main: true, themeScript: true });
    });

    for (const theme of themes.filter((each) => each !== toggledDark || name === 'components')) {
      for (const [size, viewport] of Object.entries(viewports)) {
        test(`has no axe violations, ${theme.name} (${size})`, async ({ page }, testInfo) => {
          await page.setViewportSize(viewport);
          await gotoThemed(page, path, theme, status);
          await expectNoViolations(page, testInfo, `${path} (${theme.name}, ${size})`);
        });
      }
    }
  });
}

test.describe('option browser with nothing matching (the empty state)', () => {
  const path = `${docsPageUrl(['options'])}?q=zzzz&room=windows&host-only`;
  for (const theme of themes.filter((each) => each !== toggledDark)) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`has no axe violations, ${theme.name} (${size})`, async ({ page }, testInfo) => {
        await page.setViewportSize(viewport);
        await gotoThemed(page, path, theme);
        await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
        await expectNoViolations(page, testInfo, `${path} (${theme.name}, ${size})`);
      });
    }
  }
});

test.describe('search dialog', () => {
  for (const theme of themes) {
    test(`has no axe violations with results open, ${theme.name}`, async ({ page }, testInfo) => {
      await gotoThemed(page, docsPageUrl(['install']), theme);
      const dialog = await openSearchWithButton(page);
      await typeQuery(dialog, 'wallpaper');
      await expectNoViolations(page, testInfo, `the search dialog (${theme.name})`, 'dialog');
    });
  }
});

/**
 * The MCP page's own controls: its page actions (Open in, Add to) and the
 * one-click install buttons in its text. Scoped to them: the rest of the page
 * is the docs template the "docs page" tests above already check.
 */
test.describe('MCP page actions and install buttons', () => {
  for (const theme of themes) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`have no axe violations, ${theme.name} (${size})`, async ({ page }, testInfo) => {
        await page.setViewportSize(viewport);
        await gotoThemed(page, mcp.docs, theme);
        await expectNoViolations(page, testInfo, `${mcp.docs} controls (${theme.name}, ${size})`, 'h1 ~ div.border-b, article .prose p:has(> a[target="_blank"])');
      });
    }
  }
});
