import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { roomOfOption } from '@/lib/catalog';

/** tests/.artifacts, for screenshots the tests save on purpose. */
const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');

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

/**
 * Loads a page and waits until React has hydrated it (the client listeners exist: PageControls marks the root
 * `data-controls`), the network is quiet, and the page is whole: every section its first paint skipped is laid out
 * (SectionsWhenIdle marks each `data-laid-out`; until then its height is an estimate). The page's scripts are asked
 * for after its first paint (lib/framework/scripts-after-paint.ts), so a quiet network alone may come before they
 * have run.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await page.locator('html[data-controls]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.locator('.static-html > section:not([data-laid-out])').first().waitFor({ state: 'detached' });
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
    await expect(dialog).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
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

/** Types a query into the open dialog key by key and returns its result rows. */
export async function typeQuery(dialog: Locator, query: string): Promise<Locator> {
  const input = dialog.getByPlaceholder('Search');
  await expect(input).toBeFocused();
  await input.pressSequentially(query, { delay: 20 });
  // Result rows are the listbox's options (links with role="option").
  const results = dialog.getByRole('option');
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
    rows.map((row) => (row.querySelector('[data-title]') ?? row).textContent?.replace(/\s+/g, ' ').trim() ?? ''),
  );
}

/** The result row whose title is exactly `title`. */
export function resultTitled(results: Locator, title: string): Locator {
  return results.filter({ has: results.page().locator('[data-title]').getByText(title, { exact: true }) });
}

/** The sizes the tests run at: a desktop window and a phone (390×844). */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];

/**
 * Loads a page in a theme: the site follows the system setting until a
 * reader picks one, so emulating the colour scheme is what a reader with
 * that setting sees. Waits until <html> carries the theme's class.
 */
export async function gotoThemed(page: Page, path: string, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await gotoHydrated(page, path);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** Whether two boxes overlap (by more than a pixel either way). */
export function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;
}

/**
 * One page of each docs folder: for a check of what the template draws the
 * same on every page, at the size or theme where the page's own content is
 * not what is under test (docs/decisions/0010-browser-tests-once-per-template.md).
 */
export function onePerFolder(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const parts = path.split('/');
    // `/docs/rooms/appearance` is in `/docs/rooms`; `/docs/install` and `/docs/rooms` in `/docs`.
    const folder = parts.length > 3 ? parts.slice(0, 3).join('/') : '/docs';
    if (seen.has(folder)) return false;
    seen.add(folder);
    return true;
  });
}
