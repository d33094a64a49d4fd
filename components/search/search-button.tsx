'use client';

import { SearchIcon } from '@/components/icons';
import { iconButton } from '@/components/site/icon-button';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The header's search buttons (a box on wide screens, an icon on phones)
 * and Ctrl+K / Cmd+K. The dialog's code is loaded on the first open, or
 * when the reader points at or focuses a button, so a page view pays for
 * none of it.
 */
const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadDialog);

const subscribeNever = () => () => {};
/** ⌘ on Apple devices, Ctrl elsewhere (and in the server's HTML). */
function useModifierKey(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => (/Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'),
    () => 'Ctrl',
  );
}

export function SearchButton() {
  const modifier = useModifierKey();
  const [open, setOpen] = useState(false);
  // Mounted once opened, then kept (closing only hides it): its cache of answered queries survives.
  const [mounted, setMounted] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setMounted(true);
        setOpen((value) => !value);
      }
    };
    // Other buttons on the page that open this dialog (the 404 page's search): one dialog, one shortcut.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-open-search]')) {
        setMounted(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, []);

  const preload = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        data-search-full=""
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        className="hidden h-9 w-56 items-center gap-2 rounded-lg border bg-fd-secondary/50 px-2.5 text-sm text-fd-muted-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary lg:inline-flex"
      >
        <SearchIcon className="size-4" />
        Search
        <kbd className="ms-auto rounded-md border bg-fd-background px-1.5 font-sans text-xs">{modifier} K</kbd>
      </button>
      <button
        type="button"
        data-search=""
        aria-label="Search"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        className={`${iconButton} lg:hidden`}
      >
        <SearchIcon className="size-4.5" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
