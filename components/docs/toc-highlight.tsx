'use client';

import { useEffect } from 'react';
import { onIdle } from '@/lib/client/on-idle';

/**
 * Marks the "On this page" link of the section at the top of the screen
 * (`data-active`), keeps it in view inside the list when the list scrolls
 * (a room page lists dozens of options, more than a screen), and names the
 * section on the phone contents bar (TocButton). Starts when the browser is
 * idle and touches only attributes, text and the list's own scroll
 * position, so it adds no render work to the page's start and never moves
 * the page. It renders nothing; the links work without it.
 */
function keepInView(list: HTMLElement, link: HTMLElement): void {
  // Only the list's own scroll: scrollIntoView would scroll the page too.
  if (list.scrollHeight <= list.clientHeight) return;
  // The list is positioned (sticky, or fixed as a popover), so it is the link's offset parent.
  const top = link.offsetTop;
  const bottom = top + link.offsetHeight;
  if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
  list.scrollTo({ top: Math.max(0, top - (list.clientHeight - link.offsetHeight) / 2) });
}
export function TocHighlight() {
  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const start = () => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('nav[data-toc] li > a')];
      const byId = new Map<string, HTMLAnchorElement>();
      for (const link of links) {
        const id = decodeURIComponent(link.hash.slice(1));
        if (id) byId.set(id, link);
      }
      const headings = [...byId.keys()].map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
      if (headings.length === 0) return;
      const visible = new Set<Element>();
      const above = new Set<Element>();
      let current: HTMLAnchorElement | undefined;
      const update = () => {
        // The first visible heading, else the last one above the screen. Known from the observer's entries, not
        // measured: measuring a heading in a section not yet laid out (app/global.css) would lay it out.
        const first = headings.find((heading) => visible.has(heading)) ?? headings.filter((heading) => above.has(heading)).at(-1);
        const link = first ? byId.get(first.id) : undefined;
        if (link === current) return;
        current?.removeAttribute('data-active');
        link?.setAttribute('data-active', '');
        current = link;
        const list = link?.closest<HTMLElement>('nav[data-toc]');
        if (link && list && list.checkVisibility()) keepInView(list, link);
        const label = document.querySelector('[data-toc-button] [data-toc-current]');
        if (label) label.textContent = link?.textContent ?? '';
      };
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) visible.add(entry.target);
            else visible.delete(entry.target);
            // A heading in a section not laid out yet has no box (height 0): not known to be above.
            const { height, bottom } = entry.boundingClientRect;
            if (!entry.isIntersecting && height > 0 && bottom <= (entry.rootBounds?.top ?? 0)) above.add(entry.target);
            else above.delete(entry.target);
          }
          update();
        },
        { rootMargin: '-56px 0px -40% 0px' },
      );
      for (const heading of headings) observer.observe(heading);
      // Opened as a popover (below 1280 px): shown with the section being read in view.
      const nav = document.querySelector<HTMLElement>('nav[data-toc]');
      nav?.addEventListener('toggle', (event) => {
        if ((event as ToggleEvent).newState === 'open' && current) keepInView(nav, current);
      });
    };
    const cancel = onIdle(start);
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);
  return null;
}
