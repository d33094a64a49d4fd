import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { roomOfOption } from '@/lib/catalog';

/** tests/.artifacts, for screenshots the tests save on purpose. */
export const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');

export function artifactPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}

/** The docs page (path) that documents a full option name, from the catalog. */
export function optionPage(option: string): string {
  const room = roomOfOption(option);
  if (!room) throw new Error(`No room owns ${option}`);
  return room.docsPath;
}

/** A heading by its id; ids of option headings contain dots, so no `#id` selector. */
export function headingById(page: Page, id: string): Locator {
  return page.locator(`[id="${id}"]`);
}

/** Loads a page and waits until React has hydrated it (the client listeners exist). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await page.waitForLoadState('networkidle');
}

/**
 * Opens the search dialog with Ctrl+K (Cmd+K on macOS), as a reader does.
 * The shortcut listener is attached on hydration, so keep pressing until the
 * dialog shows, never pressing while it is open (the shortcut toggles it).
 */
export async function openSearchWithShortcut(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('ControlOrMeta+k');
    // Generous: the dialog's code may load on first open (search preload off).
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

/** Opens the search dialog by clicking the visible search button. */
export async function openSearchWithButton(page: Page): Promise<Locator> {
  const trigger = page.locator('button[data-search-full], button[data-search]').filter({ visible: true }).first();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types a query into the open dialog key by key and returns its result buttons. */
export async function typeQuery(dialog: Locator, query: string): Promise<Locator> {
  const input = dialog.getByPlaceholder('Search');
  await expect(input).toBeFocused();
  await input.pressSequentially(query, { delay: 20 });
  // Result rows are buttons carrying aria-selected; the close button is not.
  const results = dialog.locator('button[aria-selected]');
  await expect(results.first()).toBeVisible();
  return results;
}

/**
 * The title of each result row: the content line, without the breadcrumbs
 * shown above it (page rows: the page title; section rows: the heading or
 * the matching sentence).
 */
export async function resultTitles(results: Locator): Promise<string[]> {
  return results.evaluateAll((rows) =>
    rows.map((row) => (row.querySelector('p') ?? row).textContent?.replace(/\s+/g, ' ').trim() ?? ''),
  );
}

/** The result row whose title is exactly `title`. */
export function resultTitled(results: Locator, title: string): Locator {
  return results.filter({ has: results.page().locator('p').getByText(title, { exact: true }) });
}
