import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A classification mark from the option reference, shown as a small pill.
 * The words are children so they stay in the markdown twin and in search.
 * Colours: 900/100 shades in light and 100/950 in dark mode, both well
 * above the WCAG AA ratio of 4.5:1 for small text.
 */
export type MarkKind = 'host-only' | 'desktop-safe-per-key';

const styles: Record<MarkKind, string> = {
  'host-only':
    'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  'desktop-safe-per-key':
    'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
};

const descriptions: Record<MarkKind, string> = {
  'host-only': 'A shared desktop may not set this option; only the host configuration can.',
  'desktop-safe-per-key': 'This option takes keys of your choosing; a rule decides which keys a desktop may write.',
};

export function Mark({ kind, children }: { kind: MarkKind; children: ReactNode }) {
  return (
    <span
      title={descriptions[kind]}
      data-mark={kind}
      className={cn(
        'not-prose inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 align-middle text-xs font-semibold leading-none',
        styles[kind],
      )}
    >
      {children}
    </span>
  );
}
