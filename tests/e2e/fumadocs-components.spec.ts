import { expect, test, type Page } from '@playwright/test';
import { docsPageUrl } from '@/lib/routes';
import { gotoHydrated } from './support';

/**
 * Fumadocs UI's components in the browser. On the Writing docs page, which
 * uses every one, the interactive ones work once hydrated (a tab switches,
 * an accordion opens, a folder closes). A page that uses none loads none of
 * their code: each is a chunk of its own (components/docs/fumadocs-components.tsx),
 * recognised here by a string only that library's code holds.
 */
const writingDocs = docsPageUrl(['writing-docs']);

/** A string of each client component's own code, in its chunk. */
const markers = { Tabs: 'tablist', Accordion: 'AccordionTrigger', ImageZoom: 'data-rmiz' } as const;

/**
 * Loads a page and keeps the URL of every script it loads, from the first
 * byte on, for `bodies` to read.
 */
async function loadKeepingScripts(page: Page, path: string): Promise<Set<string>> {
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  await gotoHydrated(page, path);
  return urls;
}

/**
 * The scripts' bodies, fetched again by URL: the browser may have let go of
 * a body before it is asked for it, and a body read as empty would hide a
 * chunk from the check.
 */
async function bodies(page: Page, urls: Set<string>): Promise<string[]> {
  return Promise.all(
    [...urls].map(async (url) => {
      const response = await page.request.get(url);
      expect(response.status(), `GET ${url}`).toBe(200);
      return response.text();
    }),
  );
}

const carried = (scripts: string[]) =>
  Object.entries(markers)
    .filter(([, marker]) => scripts.some((body) => body.includes(marker)))
    .map(([name]) => name);

test('the Writing docs page loads the components it uses, and they work', async ({ page }) => {
  const urls = await loadKeepingScripts(page, writingDocs);
  // A quiet network is no promise that every lazy chunk has been asked for on a busy machine:
  // wait until each component's chunk has come.
  await expect.poll(async () => carried(await bodies(page, urls))).toEqual(Object.keys(markers));

  // Tabs: the second tab shows its own panel.
  const tab = page.getByRole('tab', { name: 'meta.json' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('goes last in the sidebar list of the rooms folder')).toBeVisible();

  // Accordions: a closed one opens on a click.
  const trigger = page.getByRole('button', { name: 'Search', exact: true });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Text inside tabs and accordions is searched too.')).toBeVisible();
});

for (const path of ['/', docsPageUrl(['install']), docsPageUrl(['rooms', 'appearance']), docsPageUrl(['options'])]) {
  test(`${path} uses none of the components and loads none of their code`, async ({ page }) => {
    const urls = await loadKeepingScripts(page, path);
    expect(carried(await bodies(page, urls))).toEqual([]);
  });
}
