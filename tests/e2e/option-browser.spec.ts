import { expect, test, type Locator, type Page } from '@playwright/test';
import { options, optionUrl } from '@/lib/catalog/options';
import { rooms } from '@/lib/catalog/rooms';
import { docsPageUrl } from '@/lib/routes';
import { artifactPath, gotoThemed, headingById, themes, viewports } from './support';

/**
 * The option browser (/docs/options): every option in one server-rendered
 * table, with a text filter (needs a script), room chips and mark chips
 * (CSS :has(), no script needed). Rows link to the options' anchors.
 */
const path = docsPageUrl(['options']);
const rows = (page: Page) => page.locator('tr[data-option-row]');
const visibleRows = (page: Page) => page.locator('tr[data-option-row]:visible');
const chip = (page: Page, name: string) => page.locator('form[data-option-filters] label').filter({ hasText: new RegExp(`^${name}$`) });
const count = (page: Page) => page.locator('[data-options-count]');

async function shownNames(page: Page): Promise<string[]> {
  return visibleRows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('td code')?.textContent ?? ''));
}

async function expectShown(page: Page, expected: readonly string[], { scripted = true } = {}): Promise<void> {
  await expect.poll(() => shownNames(page)).toEqual(expected);
  if (scripted) {
    // The count above the table agrees with what is on screen.
    await expect(count(page)).toHaveText(String(expected.length));
  } else {
    // Without a script a CSS counter shows the count (generated content: not readable from the DOM).
    expect(await count(page).evaluate((el) => getComputedStyle(el, '::before').content)).toBe('counter(options-shown)');
  }
}

const names = (filter: (option: (typeof options)[number]) => boolean) => options.filter(filter).map((option) => option.name);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [size, viewport] of Object.entries(viewports)) {
    test(`every row shows and links to its option; room and mark chips filter (${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(rows(page)).toHaveCount(options.length);
      await expectShown(page, options.map((option) => option.name), { scripted: false });
      // Links go to each option's entry.
      const hrefs = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('a')?.getAttribute('href')));
      expect(hrefs).toEqual(options.map((option) => optionUrl(option)));
      // The text filter needs a script: hidden.
      await expect(page.getByLabel('Filter by name, type or default')).toBeHidden();

      await chip(page, 'Windows').click();
      await expectShown(page, names((option) => option.room === 'windows'), { scripted: false });
      await chip(page, 'Host-only').click();
      await expectShown(page, names((option) => option.room === 'windows' && option.hostOnly), { scripted: false });
      await chip(page, 'All rooms').click();
      await expectShown(page, names((option) => option.hostOnly), { scripted: false });
      await chip(page, 'Host-only').click();
      await chip(page, 'Desktop-safe per key').click();
      await expectShown(page, names((option) => option.desktopSafePerKey), { scripted: false });
    });
  }
});

for (const theme of themes) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`filter as you type, with chips, shareable URL (${theme}, ${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoThemed(page, path, theme);
      const field = page.getByLabel('Filter by name, type or default');
      await expect(field).toBeVisible();

      await field.pressSequentially('glow', { delay: 15 });
      await expectShown(page, names((option) => option.name.toLowerCase().includes('glow') || `${option.type} ${option.default}`.toLowerCase().includes('glow')));
      await expect(page).toHaveURL(/\?q=glow$/);
      await expect(page.getByRole('status').filter({ hasText: /options shown/ })).toHaveText(/^\d+ of \d+ options shown$/);

      // Words combine, and with the chips.
      await field.fill('boolean');
      await chip(page, 'Apps').click();
      const appsBooleans = await shownNames(page);
      expect(appsBooleans.length).toBeGreaterThan(0);
      for (const name of appsBooleans) expect(options.find((option) => option.name === name)?.room).toBe('apps');
      await expect(page).toHaveURL(/\?q=boolean&room=apps$/);

      // The shared URL restores the view.
      await page.reload();
      await expect(page.getByLabel('Filter by name, type or default')).toHaveValue('boolean');
      await expect(page.locator('input[name="room"][value="apps"]')).toBeChecked();
      await expect.poll(() => shownNames(page)).toEqual(appsBooleans);
      await page.screenshot({ path: artifactPath(`option-browser-${theme}-${size}.png`), fullPage: false });

      // A row's link lands on the option's entry, through the router (no full page load).
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      const first = visibleRows(page).first().locator('a');
      const name = (await first.textContent())!.trim();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${optionUrl(options.find((option) => option.name === name)!).replace(/[.?]/g, '\\$&')}$`));
      await expect(headingById(page, name)).toBeInViewport();
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    });
  }
}

test('rooms of the chips are the catalog\'s', async ({ page }) => {
  await page.goto(path);
  const labels = await page.locator('input[name="room"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(labels).toEqual(['', ...rooms.map((room) => room.id)]);
  const chipLocator: Locator = chip(page, 'All rooms');
  await expect(chipLocator.locator('input')).toBeChecked();
});
