import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { docsPageUrl } from '@/lib/routes';
import { gotoHydrated, optionPage } from './support';

/**
 * WCAG 2.1 A/AA checks with axe on the home page, a room page and the install
 * page, in the light and the dark theme. Serious and critical violations fail
 * the test; minor and moderate ones are printed (and attached to the report).
 */
const pages = [
  { name: 'home', path: '/' },
  { name: 'room', path: optionPage('layer.wallpaper.mark.size') },
  { name: 'install', path: docsPageUrl(['install']) },
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
      test(`has no serious or critical axe violations in the ${theme} theme`, async ({ page }, testInfo) => {
        await page.emulateMedia({ colorScheme: 'light' });
        await gotoHydrated(page, path);
        await useTheme(page, theme);

        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
          console.log(`axe, ${path} (${theme}), minor/moderate:\n${JSON.stringify(report, null, 2)}`);
          await testInfo.attach(`axe-minor-${name}-${theme}.json`, {
            body: JSON.stringify(report, null, 2),
            contentType: 'application/json',
          });
        }
        expect(describe(blocking), `serious or critical axe violations on ${path} (${theme})`).toEqual([]);
      });
    }
  });
}
