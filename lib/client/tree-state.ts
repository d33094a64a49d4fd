/**
 * The docs sidebar's folders, opened and closed by their chevron
 * (components/docs/page-tree.tsx): the state a reader chose is kept for the
 * session and applied to every page's sidebar, so a folder stays open
 * across navigations, as Fumadocs UI's sidebar folders do. The current
 * page's folders are always open.
 *
 * One function, run two ways: inline, right after the sidebar's HTML on a
 * full load (before its first paint: no jump), and from the sidebar's client
 * component after a navigation within the app. It is written out as source
 * (`treeStateScript`), so it uses nothing from its module, and kept short:
 * every docs page carries it twice (its HTML and its RSC payload).
 *
 * A folder is `li[data-folder]` holding a `div` (its label, then its chevron
 * button) and its `ul` of pages.
 */
export function applyTreeState(root: Element | null): void {
  if (!root) return;
  const key = 'docs-tree';
  const read = (): Record<string, boolean> => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, boolean>;
    } catch {
      return {};
    }
  };
  const save = (state: Record<string, boolean>) => {
    try {
      sessionStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Storage refused (private mode, quota): the folder still toggles, it is only not remembered.
    }
  };
  const show = (folder: Element, open: boolean) => {
    folder.querySelector(':scope>div>button')?.setAttribute('aria-expanded', String(open));
    folder.querySelector(':scope>ul')?.toggleAttribute('hidden', !open);
  };
  const state = read();
  for (const folder of root.querySelectorAll('[data-folder]')) {
    const id = folder.getAttribute('data-folder')!;
    if (folder.hasAttribute('data-current')) delete state[id];
    else if (id in state) show(folder, state[id]!);
  }
  save(state);

  // One listener for every sidebar this document will show (they are replaced on navigation).
  const html = document.documentElement;
  if (html.hasAttribute('data-tree')) return;
  html.setAttribute('data-tree', '');
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const head = target?.closest('[data-folder]>div');
    if (!head) return;
    // The chevron toggles; the label opens the folder (and its page).
    const toggle = target!.closest('button');
    const open = !toggle || toggle.getAttribute('aria-expanded') !== 'true';
    if (toggle) show(head.parentElement!, open);
    const next = read();
    next[head.parentElement!.getAttribute('data-folder')!] = open;
    save(next);
  });
}

/** The inline form, for the server's HTML. */
export const treeStateScript = `(${applyTreeState.toString()})(document.currentScript.parentElement);`;
