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
    // A large folder's list comes on request (loadFolderList): opened here it would be empty, and fill
    // in under the reader's eyes, moving what is below it.
    if (open === undefined || folder.querySelector(':scope>ul[data-src]')) continue;
    folder.querySelector(':scope>div>button')?.setAttribute('aria-expanded', String(open));
    folder.querySelector(':scope>ul')?.toggleAttribute('hidden', !open);
  }
}

/**
 * Fetches the whole list of a large folder written in part
 * (components/docs/page-tree.tsx: `ul[data-src]`), once: puts it in place,
 * marks the current page, moves the focus that was on a "Show all" button
 * to the list's current or first link, and shows the folder. A failed fetch
 * leaves the list as it was, for another try.
 */
export async function loadFolderList(list: HTMLElement): Promise<void> {
  const source = list.dataset.src;
  if (!source || list.dataset.loading !== undefined) return;
  list.dataset.loading = '';
  try {
    const answer = await fetch(source);
    if (!answer.ok) return;
    const hadFocus = list.contains(document.activeElement);
    list.innerHTML = await answer.text();
    list.removeAttribute('data-src');
    let focus: HTMLAnchorElement | undefined;
    for (const link of list.querySelectorAll<HTMLAnchorElement>(':scope>li>a[href]')) {
      focus ??= link;
      if (link.pathname !== window.location.pathname) continue;
      link.setAttribute('aria-current', 'page');
      focus = link;
    }
    if (list.parentElement) showFolder(list.parentElement, true);
    if (hadFocus) focus?.focus();
  } catch {
    // Offline or refused: the list stays as written; the next click tries again.
  } finally {
    delete list.dataset.loading;
  }
}

/** The inline form, for the server's HTML. */
export const treeStateScript = `(${applyTreeState.toString()})(document.currentScript.parentElement);`;
