'use client';

import { useEffect } from 'react';
import { loadFolderList, showFolder, storedTreeState, treeStorageKey } from '@/lib/client/tree-state';
import { themeAfter, themeLabel, themeStorageKey, type ThemeChoice } from '@/lib/client/theme';

/**
 * The page's controls that the server writes as plain markup, handled by
 * delegation from one listener once the page is hydrated: the theme toggle
 * (components/site/theme.tsx), the sidebar folders' chevrons and labels
 * (components/docs/page-tree.tsx), and a popover (the docs menu, "On this
 * page") closed when a link in it is followed (a link to a section of the
 * same page does not navigate, so nothing else would close it). In the
 * bundle rather than inline: every page would carry inline code twice (its
 * HTML and its RSC payload). Renders nothing.
 */
export function PageControls() {
  useEffect(() => {
    const root = document.documentElement;
    const nameToggles = () => {
      const choice = (root.dataset.themeChoice ?? 'system') as ThemeChoice;
      for (const button of document.querySelectorAll('[data-theme-toggle]')) button.setAttribute('aria-label', themeLabel(choice));
    };
    nameToggles();
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const popover = event.target.closest('a[href]')?.closest('[popover]');
      if (popover instanceof HTMLElement && popover.matches(':popover-open')) popover.hidePopover();

      if (event.target.closest('[data-theme-toggle]')) {
        const next = themeAfter((root.dataset.themeChoice ?? 'system') as ThemeChoice);
        try {
          if (next === 'system') localStorage.removeItem(themeStorageKey);
          else localStorage.setItem(themeStorageKey, next);
        } catch {
          // Storage refused: the theme changes for this page only.
        }
        window.applyTheme?.(next);
        nameToggles();
        return;
      }

      // A large folder written in part: "Show all" fetches its whole list.
      const showAll = event.target.closest('[data-tree-all]')?.closest('ul[data-src]');
      if (showAll instanceof HTMLElement) {
        void loadFolderList(showAll);
        return;
      }

      // A folder's chevron toggles it in place; its label opens it (and its page). A large folder's
      // list, not written while it was closed, is fetched first (it opens once it is in place).
      const head = event.target.closest('[data-folder]>div');
      if (!head?.parentElement) return;
      const toggle = event.target.closest('button');
      const open = !toggle || toggle.getAttribute('aria-expanded') !== 'true';
      const unwritten = head.parentElement.querySelector(':scope>ul[data-src]');
      if (toggle && open && unwritten instanceof HTMLElement && unwritten.childElementCount === 0) void loadFolderList(unwritten);
      else if (toggle) showFolder(head.parentElement, open);
      const state = storedTreeState();
      state[head.parentElement.getAttribute('data-folder')!] = open;
      try {
        sessionStorage.setItem(treeStorageKey, JSON.stringify(state));
      } catch {
        // Storage refused: the folder still toggles, it is only not remembered.
      }
    };
    document.addEventListener('click', onClick);
    // The controls answer from here on: a test (tests/e2e/support.ts) or a script driving the page waits for it.
    root.dataset.controls = '';
    return () => {
      document.removeEventListener('click', onClick);
      delete root.dataset.controls;
    };
  }, []);
  return null;
}
