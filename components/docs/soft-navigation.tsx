'use client';

import { useRouter } from 'next/navigation';
import { useLayoutEffect, useRef, type ComponentProps, type MouseEvent } from 'react';
import { applyTreeState } from '@/lib/client/tree-state';

/**
 * A `nav` whose links navigate within the app, as next/link's do, though
 * they are plain `<a>` elements: written as HTML (components/docs/page-tree.tsx),
 * or the site's own chrome (the header, breadcrumbs, previous and next, the
 * 404 page's sections). next/link in a server component is a server
 * component wrapping a client one, both rendered for every request: a docs
 * page drew 18 of them (the root 404 page, rendered into every page's
 * payload, has a header too). As plain anchors, they cost a render
 * nothing beyond their markup.
 *
 * A plain click on a link to this origin is routed with router.push; a click
 * with a modifier key or another button, or on a link with a `target` or
 * `download`, is left to the browser, as next/link leaves it. Nothing is
 * prefetched. Next has no component that routes the clicks of links it did
 * not render, hence this one listener.
 *
 * A page's text written as HTML (components/docs/static-tree.tsx) marks its
 * page links `data-page`, and is wrapped in one of these with `pagesOnly`.
 *
 * The sidebar (`keepsTreeState`) is written anew for each page (its key is
 * the page): before the new one is painted, the folders the reader opened or
 * closed are set as they were (lib/client/tree-state.ts; on a full load an
 * inline script did it).
 */
export function SoftNavigation({ as: As = 'nav', pagesOnly = false, keepsTreeState = false, ...props }: Omit<ComponentProps<'nav'>, 'onClick' | 'ref'> & {
  /** The element to render: the sidebar is a `nav`; a page's text, or the header's row, a `div`. */
  as?: 'nav' | 'div';
  /** Route only links marked `data-page` (a page's text links to downloads and text views too, which are not pages). */
  pagesOnly?: boolean;
  /** The docs sidebar: its folders as the reader left them. */
  keepsTreeState?: boolean;
}) {
  const router = useRouter();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (keepsTreeState) applyTreeState(ref.current);
  }, [keepsTreeState]);

  function onClick(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest(pagesOnly ? 'a[href][data-page]' : 'a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return;
    event.preventDefault();
    router.push(link.pathname + link.search + link.hash);
  }

  return <As {...props} ref={ref as React.Ref<HTMLDivElement>} onClick={onClick} />;
}
