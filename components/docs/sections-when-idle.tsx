'use client';

import { useEffect } from 'react';
import { onIdle } from '@/lib/client/on-idle';

/**
 * Lays out the sections a page's first paint skipped (`content-visibility:
 * auto` on the sections components/docs/static-tree.tsx writes; see
 * app/global.css) once the browser is idle: in each idle period, one
 * section and then more while the period has time left, so that none makes
 * a long task and a fast machine is done in one or two. After that the page
 * is whole, as if nothing had been skipped: its height, its anchors and
 * every box that find-in-page, a screen reader's tools or an accessibility
 * checker measure. It renders nothing.
 */
export function SectionsWhenIdle() {
  useEffect(() => {
    const sections = [...document.querySelectorAll<HTMLElement>('.static-html > section:not([data-laid-out])')];
    let cancel = () => {};
    const next = (deadline?: IdleDeadline) => {
      do {
        const section = sections.shift();
        if (!section) return;
        section.setAttribute('data-laid-out', '');
        // Read back, so the section is laid out now, within the idle period, not in the next frame.
        void section.offsetHeight;
      } while ((deadline?.timeRemaining() ?? 0) > 10);
      cancel = onIdle(next);
    };
    cancel = onIdle(next);
    return () => cancel();
  }, []);
  return null;
}
