import { expect, test, type Locator, type Page } from '@playwright/test';
import { options, optionUrl } from '@/lib/catalog/options';
import { rooms } from '@/lib/catalog/rooms';
import { optionMarkLabels } from '@/lib/docs/option-marks';
import { docsPageUrl } from '@/lib/routes';
import { artifactPath, gotoThemed, headingById, optionPage, themes, viewports } from './support';

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
const emptyState = (page: Page) => page.locator('[data-options-empty]');
const emptyMessage = (page: Page) => page.locator('[data-options-empty-message]');
const clearButton = (page: Page) => page.getByRole('button', { name: 'Clear all filters' });
const table = (page: Page) => page.locator('[data-option-browser] table');
// The sentence as shown: its parts for filters that are not set are hidden (display: none).
const shown = { useInnerText: true };

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

    test(`chips no option passes show the empty state, whose button clears them (${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(emptyState(page)).toBeHidden();
      await expect(table(page)).toBeVisible();

      // Both marks: no option carries both (checked against the catalog).
      expect(names((option) => option.hostOnly && option.desktopSafePerKey)).toEqual([]);
      await chip(page, 'Host-only').click();
      await chip(page, 'Desktop-safe per key').click();
      await expect(emptyMessage(page)).toHaveText(`No option is marked both ${optionMarkLabels.hostOnly} and ${optionMarkLabels.desktopSafePerKey}.`, shown);
      await expect(table(page)).toBeHidden();
      await expect(clearButton(page)).toBeVisible();

      // A room with no host-only option.
      const room = rooms.find((candidate) => !options.some((option) => option.room === candidate.id && option.hostOnly))!;
      expect(room, 'a room without host-only options').toBeDefined();
      await chip(page, 'Desktop-safe per key').click();
      await chip(page, room.title).click();
      await expect(emptyMessage(page)).toHaveText(`No option in the ${room.title} room is marked ${optionMarkLabels.hostOnly}.`, shown);
      await page.screenshot({ path: artifactPath(`option-browser-empty-no-script-${size}.png`) });

      // The button resets the form: every chip back to its default, every row back.
      await clearButton(page).click();
      await expect(emptyState(page)).toBeHidden();
      await expect(page.locator('input[name="room"][value=""]')).toBeChecked();
      await expect(page.locator('input[name="host-only"]')).not.toBeChecked();
      await expect(page.locator('input[name="per-key"]')).not.toBeChecked();
      await expectShown(page, options.map((option) => option.name), { scripted: false });
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

/** An element's box on the page (not the viewport: clicking a chip may scroll it into view). */
function pageBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });
}

for (const theme of themes) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`nothing matches: the empty state names the filters, in the table's place, and clears them all (${theme}, ${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoThemed(page, path, theme);
      const field = page.getByLabel('Filter by name, type or default');
      const form = page.locator('form[data-option-filters]');
      const before = { form: await pageBox(form), count: await pageBox(count(page)), table: await pageBox(table(page)) };
      await expect(emptyState(page)).toBeHidden();

      await field.pressSequentially('zzzz', { delay: 15 });
      await expect(emptyMessage(page)).toHaveText('No option matches “zzzz”.', shown);
      await expect(table(page)).toBeHidden();
      await expect(count(page)).toHaveText('0');
      await expect(page).toHaveURL(/\?q=zzzz$/);
      await expect(page.getByRole('status').filter({ hasText: 'No option' })).toHaveText('No option matches “zzzz”.');

      await chip(page, 'Windows').click();
      await expect(emptyMessage(page)).toHaveText('No option in the Windows room matches “zzzz”.', shown);
      await chip(page, 'Host-only').click();
      await expect(emptyMessage(page)).toHaveText(`No option in the Windows room is marked ${optionMarkLabels.hostOnly} and matches “zzzz”.`, shown);
      await expect(page).toHaveURL(/\?q=zzzz&room=windows&host-only$/);

      // Nothing above the table moved; the message stands where the table began.
      const after = { form: await pageBox(form), count: await pageBox(count(page)), empty: await pageBox(emptyState(page)) };
      expect(after.form).toEqual(before.form);
      expect(after.count.y).toBe(before.count.y);
      expect(Math.abs(after.empty.y - before.table.y)).toBeLessThanOrEqual(1);
      await page.screenshot({ path: artifactPath(`option-browser-empty-${theme}-${size}.png`) });

      await clearButton(page).click();
      await expect(field).toHaveValue('');
      await expect(field).toBeFocused();
      await expect(page.locator('input[name="room"][value=""]')).toBeChecked();
      await expect(page.locator('input[name="host-only"]')).not.toBeChecked();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(emptyState(page)).toBeHidden();
      await expectShown(page, options.map((option) => option.name));
      expect((await pageBox(table(page))).y).toBe(before.table.y);

      // A shared link to an empty view opens on the empty state.
      await page.goto(`${path}?q=zzzz`);
      await expect(emptyMessage(page)).toHaveText('No option matches “zzzz”.', shown);
    });
  }
}

/** A badge's text as line boxes: how many distinct lines its text occupies. */
function lineCount(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
  return new Set(tops).size;
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`marks are the room pages' badges, each on one line (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The badge as a room page shows it.
    const hostOnlyOption = options.find((option) => option.hostOnly)!;
    await page.goto(optionPage(hostOnlyOption.name));
    const style = (locator: Locator) =>
      locator.evaluate((el) => {
        const css = getComputedStyle(el);
        return { background: css.backgroundColor, color: css.color, border: css.borderColor, radius: css.borderRadius, font: css.fontSize, weight: css.fontWeight, wrap: css.whiteSpace };
      });
    const roomBadge = await style(page.locator('.mark[data-mark="host-only"]').first());
    expect(roomBadge.wrap).toBe('nowrap');

    await page.goto(path);
    for (const [kind, label, carries] of [
      ['host-only', optionMarkLabels.hostOnly, (option: (typeof options)[number]) => option.hostOnly],
      ['desktop-safe-per-key', optionMarkLabels.desktopSafePerKey, (option: (typeof options)[number]) => option.desktopSafePerKey],
    ] as const) {
      const badges = page.locator(`tr[data-option-row] td .mark[data-mark="${kind}"]`);
      await expect(badges).toHaveCount(options.filter(carries).length);
      // Each in the row of an option that carries the mark.
      const rowNames = await badges.evaluateAll((els) => els.map((el) => el.closest('tr')!.querySelector('code')!.textContent));
      expect(rowNames).toEqual(names(carries));
      for (const badge of await badges.all()) {
        await expect(badge).toHaveText(label);
        await expect(badge).toBeVisible();
        expect(await badge.evaluate(lineCount), `${label} on one line`).toBe(1);
        expect(await badge.evaluate((el) => el.getClientRects().length)).toBe(1);
      }
    }
    // The same badge as on the room page.
    expect(await style(page.locator('tr[data-option-row] .mark[data-mark="host-only"]').first())).toEqual(roomBadge);
  });
}

test('on a phone every row is a readable block: all its parts in view, no gaps', async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  for (const theme of themes) {
    await gotoThemed(page, path, theme);
    // No sideways scrolling, neither the page nor the table.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
    const wrapper = table(page).locator('xpath=..');
    expect(await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    const report = await rows(page).evaluateAll((trs, width) =>
      trs.flatMap((tr) => {
        const name = tr.querySelector('code')!.textContent!;
        const problems: string[] = [];
        const box = tr.getBoundingClientRect();
        const cells = [...tr.children].filter((cell) => getComputedStyle(cell).display !== 'none');
        const boxes = cells.map((cell) => cell.getBoundingClientRect());
        // Option, Room, Type and Default always show; Marks when there are any.
        if (cells.length < 4) problems.push(`${name}: ${cells.length} cells shown`);
        boxes.forEach((cell, index) => {
          if (cell.width <= 0 || cell.height <= 0) problems.push(`${name}: cell ${index + 1} has no size`);
          if (cell.left < 0 || cell.right > width) problems.push(`${name}: cell ${index + 1} spans ${cell.left}–${cell.right}`);
          // Stacked in order, the name first.
          if (index > 0 && cell.top < boxes[index - 1]!.bottom - 0.5) problems.push(`${name}: cell ${index + 1} is not below cell ${index}`);
        });
        // No gap: a cell is as tall as its text, the cells follow each other closely, the row holds them and its padding.
        cells.forEach((cell, index) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const text = range.getBoundingClientRect();
          if (boxes[index]!.height - text.height > 10) problems.push(`${name}: cell ${index + 1} is ${boxes[index]!.height}px for ${text.height}px of text`);
        });
        const style = getComputedStyle(tr);
        const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((sum, key) => sum + parseFloat(style[key as 'paddingTop']), 0);
        const parts = boxes.reduce((sum, cell) => sum + cell.height, 0);
        const between = boxes.slice(1).reduce((sum, cell, index) => sum + (cell.top - boxes[index]!.bottom), 0);
        if (between > 8 * (boxes.length - 1) + 0.5) problems.push(`${name}: ${between}px between cells`);
        if (Math.abs(box.height - (frame + parts + between)) > 1) problems.push(`${name}: row ${box.height}px, parts ${frame + parts + between}px`);
        return problems;
      }),
    viewports.mobile.width);
    expect(report).toEqual([]);
    await page.screenshot({ path: artifactPath(`option-browser-phone-rows-${theme}.png`) });
  }
  // Still a table, with its column headers, to assistive technology (Chromium's accessibility tree).
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string } }[] };
  const roles = nodes.filter((node) => !node.ignored).map((node) => node.role?.value);
  expect(roles.filter((role) => role === 'table')).toHaveLength(1);
  expect(roles.filter((role) => role === 'columnheader')).toHaveLength(5);
  expect(roles.filter((role) => role === 'row')).toHaveLength(options.length + 1);
  expect(roles.filter((role) => role === 'cell').length).toBeGreaterThanOrEqual(options.length * 4);
});

for (const [size, viewport] of Object.entries(viewports)) {
  test(`option names break only after a dot, never inside a part (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(path);
    const found = await page.locator('tr[data-option-row] td:first-child code').evaluateAll((codes) =>
      codes.map((code) => {
        const parts = [...code.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
        const lines = parts.map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        const style = getComputedStyle(code);
        return {
          name: code.textContent!,
          parts: parts.map((node) => node.textContent),
          lines,
          wrapped: new Set([...code.getClientRects()].map((rect) => Math.round(rect.top))).size > 1,
          wbr: code.querySelectorAll('wbr').length,
          breaks: `${style.overflowWrap} ${style.wordBreak}`,
        };
      }),
    );
    expect(found.map((code) => code.name)).toEqual(options.map((option) => option.name));
    for (const code of found) {
      expect(code.parts, code.name).toEqual(code.name.split(/(?<=\.)/));
      expect(code.wbr, code.name).toBe(code.parts.length - 1);
      expect(code.lines, `${code.name}: each part on one line`).toEqual(code.parts.map(() => 1));
      expect(code.breaks, code.name).toBe('normal normal');
    }
    // The long names do wrap on a phone (so the measure above measured wrapped names).
    if (size === 'mobile') expect(found.filter((code) => code.wrapped).length).toBeGreaterThan(0);
  });
}
