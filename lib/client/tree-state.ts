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
 * (`treeStateScript`), so it uses nothing from its module.
 */
export function applyTreeState(root: Element | null): void {
  if (!root) return;
  const storageKey = 'docs-tree';
  const read = (): Record<string, boolean> => {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, boolean>;
    } catch {
      return {};
    }
  };
  const write = (state: Record<string, boolean>) => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // Storage refused (private mode, quota): the folder still toggles, it is only not remembered.
    }
  };
  const show = (folder: Element, open: boolean) => {
    const toggle = folder.querySelector(':scope > div > [data-tree-toggle]');
    const list = folder.querySelector(':scope > ul');
    if (!toggle || !list) return;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) list.removeAttribute('hidden');
    else list.setAttribute('hidden', '');
  };
  const state = read();
  for (const folder of root.querySelectorAll('[data-folder]')) {
    const key = folder.getAttribute('data-folder') ?? '';
    if (folder.hasAttribute('data-current')) delete state[key];
    else if (key in state) show(folder, state[key] === true);
  }
  write(state);

  // One listener for every sidebar this document will show (they are replaced on navigation).
  const marked = document.documentElement;
  if (marked.hasAttribute('data-tree-listener')) return;
  marked.setAttribute('data-tree-listener', '');
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const folder = event.target.closest('[data-folder]');
    if (!folder) return;
    const toggle = event.target.closest('[data-tree-toggle]');
    const label = event.target.closest('a[data-folder-label]');
    if (!toggle && !label) return;
    const key = folder.getAttribute('data-folder') ?? '';
    const open = toggle ? toggle.getAttribute('aria-expanded') !== 'true' : true;
    if (toggle) show(folder, open);
    const next = read();
    next[key] = open;
    write(next);
  });
}

/** The inline form, for the server's HTML. */
export const treeStateScript = `(${applyTreeState.toString()})(document.currentScript.parentElement);`;
