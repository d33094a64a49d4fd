/**
 * The docs sidebar's folders, opened and closed by their chevron
 * (components/docs/page-tree.tsx): the choice a reader made is kept for the
 * session (components/site/page-controls.tsx stores it) and applied to
 * every page's sidebar, so a folder stays open across navigations, as
 * Fumadocs UI's sidebar folders do. The current page's folders are always
 * open.
 *
 * A folder is `li[data-folder]` holding a `div` (its label, then its chevron
 * button) and its `ul` of pages.
 */
export const treeStorageKey = 'docs-tree';

/** The choices stored for this session: folder id → open. */
export function storedTreeState(): Record<string, boolean> {
  try {
    return JSON.parse(sessionStorage.getItem(treeStorageKey) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** Shows a folder open or closed: its chevron's state and its list. */
export function showFolder(folder: Element, open: boolean): void {
  folder.querySelector(':scope>div>button')?.setAttribute('aria-expanded', String(open));
  folder.querySelector(':scope>ul')?.toggleAttribute('hidden', !open);
}

/**
 * Applies the stored choices to a sidebar. Run two ways: inline, right after
 * the sidebar's HTML on a full load (before its first paint: no jump), and
 * from the sidebar's client component after a navigation within the app.
 * Written out as source for the inline form (`treeStateScript`), so it uses
 * nothing from its module, and short: every docs page carries it twice (its
 * HTML and its RSC payload).
 */
export function applyTreeState(root: Element | null): void {
  let state: Record<string, boolean> = {};
  try {
    state = JSON.parse(sessionStorage.getItem('docs-tree') ?? '{}') as Record<string, boolean>;
  } catch {
    // No storage: the server's choice stands.
  }
  for (const folder of root?.querySelectorAll('[data-folder]:not([data-current])') ?? []) {
    const open = state[folder.getAttribute('data-folder')!];
    if (open === undefined) continue;
    folder.querySelector(':scope>div>button')?.setAttribute('aria-expanded', String(open));
    folder.querySelector(':scope>ul')?.toggleAttribute('hidden', !open);
  }
}

/** The inline form, for the server's HTML. */
export const treeStateScript = `(${applyTreeState.toString()})(document.currentScript.parentElement);`;
