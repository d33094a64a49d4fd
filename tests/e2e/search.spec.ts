import { expect, test } from '@playwright/test';
import {
  artifactPath,
  gotoHydrated,
  headingById,
  openSearchWithButton,
  openSearchWithShortcut,
  optionPage,
  resultTitled,
  resultTitles,
  typeQuery,
} from './support';

/**
 * The search dialog (the static index at /api/search) must take a reader from
 * an option's name to that option's heading. Option headings carry the full
 * name as their id, e.g. `#layer.wallpaper.mark.size`.
 */

test('Ctrl+K, an option name, and its result lands on the option heading', async ({ page }) => {
  const option = 'layer.wallpaper.mark.size';
  const room = optionPage(option);
  await gotoHydrated(page, room);

  const dialog = await openSearchWithShortcut(page);
  const results = await typeQuery(dialog, option);

  const result = resultTitled(results, option);
  await expect
    .poll(async () => result.count(), { message: `one result titled ${option}; first results: ${(await resultTitles(results)).slice(0, 12).join(' | ')}` })
    .toBe(1);
  await result.click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${room}#${option}`);
  const heading = headingById(page, option);
  await expect(heading).toHaveText(option);
  await expect(heading).toBeInViewport();
  await page.screenshot({ path: artifactPath('search-result.png') });
});

test('the search button, then "accordionPadding", offers layer.windows.accordionPadding first', async ({ page }) => {
  const option = 'layer.windows.accordionPadding';
  const room = optionPage(option);
  await gotoHydrated(page, optionPage('layer.wallpaper.mark.size'));

  const dialog = await openSearchWithButton(page);
  const results = await typeQuery(dialog, 'accordionPadding');

  // Results come grouped by page: the page row, then its sections. The first
  // group must be the Windows room and its first section the option itself.
  await expect
    .poll(async () => (await resultTitles(results)).slice(0, 2), { message: 'first page and first section' })
    .toEqual(['Windows', option]);

  // Keyboard: the page row is active; one step down, Enter follows the section.
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${room}#${option}`);
  await expect(headingById(page, option)).toBeInViewport();
});
