import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { docsPageUrl, problemTypeRoute } from '@/lib/routes';
import { gotoHydrated, openSearchWithButton, optionPage, typeQuery, viewports } from './support';

/**
 * WCAG 2.1 A/AA checks with axe on the home page, a room page, the install
 * page, the option browser, the apps page and a problem page, in the light
 * and the dark theme, at desktop and phone size, and on the search dialog
 * with results. Serious and critical violations fail the test; minor and
 * moderate ones are printed (and attached to the report).
 */
const pages = [
  { name: 'home', path: '/' },
  { name: 'room', path: optionPage('layer.wallpaper.mark.size') },
  { name: 'install', path: docsPageUrl(['install']) },
  { name: 'option browser', path: docsPageUrl(['options']) },
  { name: 'apps', path: docsPageUrl(['apps']) },
  { name: 'problem', path: problemTypeRoute('missing_query') },
] as const;

const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

test.use({ reducedMotion: 'reduce' });

/** Switches the theme with the site's own toggle, as a reader does. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);
  if (theme === 'light') return;
  const toggle = page.locator('[data-theme-toggle]').filter({ visible: true }).first();
  await expect(toggle, 'the site has a visible theme toggle').toBeVisible();
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  // Let the view transition of the switch finish before reading colours.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

for (const { name, path } of pages) {
  test.describe(`${name} page (${path})`, () => {
    test('has a lang attribute and exactly one h1', async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
      await expect(page.locator('h1')).toHaveCount(1);
    });

    for (const theme of themes) {
      for (const [size, viewport] of Object.entries(viewports)) {
        test(`has no serious or critical axe violations in the ${theme} theme (${size})`, async ({ page }, testInfo) => {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: 'light' });
          await gotoHydrated(page, path);
          await useTheme(page, theme);
          await expectNoBlockingViolations(page, testInfo, `${path} (${theme}, ${size})`, `${name}-${theme}-${size}`);
        });
      }
    }
  });
}

test.describe('search dialog', () => {
  for (const theme of themes) {
    test(`has no serious or critical axe violations with results open (${theme})`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await gotoHydrated(page, docsPageUrl(['install']));
      await useTheme(page, theme);
      const dialog = await openSearchWithButton(page);
      await typeQuery(dialog, 'wallpaper');
      await expectNoBlockingViolations(page, testInfo, `search dialog (${theme})`, `search-${theme}`, 'dialog');
    });
  }
});

async function expectNoBlockingViolations(page: Page, testInfo: TestInfo, where: string, slug: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const describe = (violations: typeof results.violations) =>
    violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
    }));

  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) {
    const report = describe(minor);
    console.log(`axe, ${where}, minor/moderate:\n${JSON.stringify(report, null, 2)}`);
    await testInfo.attach(`axe-minor-${slug}.json`, { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  }
  expect(describe(blocking), `serious or critical axe violations on ${where}`).toEqual([]);
}
