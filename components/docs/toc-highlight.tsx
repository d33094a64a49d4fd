'use client';

import { useEffect } from 'react';
import { onIdle } from '@/lib/client/on-idle';

/**
 * Marks the "On this page" link of the section at the top of the screen
 * (`data-active`). Starts when the browser is idle and touches only the
 * links' attributes, so it adds no render work to the page's start. It
 * renders nothing; the links work without it.
 */
export function TocHighlight() {
  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const start = () => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('nav[data-toc] a[data-toc-link]')];
      const byId = new Map<string, HTMLAnchorElement>();
      for (const link of links) {
        const id = decodeURIComponent(link.hash.slice(1));
        if (id) byId.set(id, link);
      }
      const headings = [...byId.keys()].map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
      if (headings.length === 0) return;
      const visible = new Set<Element>();
      let current: HTMLAnchorElement | undefined;
      const update = () => {
        // The first visible heading, else the last one above the screen.
        const first = headings.find((heading) => visible.has(heading)) ?? headings.filter((h) => h.getBoundingClientRect().top < 0).at(-1);
        const link = first ? byId.get(first.id) : undefined;
        if (link === current) return;
        current?.removeAttribute('data-active');
        link?.setAttribute('data-active', '');
        current = link;
      };
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) visible.add(entry.target);
            else visible.delete(entry.target);
          }
          update();
        },
        { rootMargin: '-56px 0px -40% 0px' },
      );
      for (const heading of headings) observer.observe(heading);
    };
    const cancel = onIdle(start);
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);
  return null;
}
