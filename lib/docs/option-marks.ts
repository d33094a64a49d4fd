import type { LayerOption } from '../catalog/options';

/**
 * The reference's classification marks (lib/catalog/layer-options.md: "Host-only"
 * and "Desktop-safe per key"), as every view of the options writes them:
 * the option entries on the room pages, the option table and its badges,
 * and the option browser's filters.
 */
export type MarkKind = 'host-only' | 'desktop-safe-per-key';

/** The labels of the marks, in the reference's words. */
export const optionMarkLabels = { hostOnly: 'Host-only', desktopSafePerKey: 'Desktop-safe per key' } as const;

/** What a mark means, shown on hover over its badge (components/mark.tsx, the option table's rows). */
export const markDescriptions: Record<MarkKind, string> = {
  'host-only': 'A shared desktop may not set this option; only the host configuration can.',
  'desktop-safe-per-key': 'This option takes keys of your choosing; a rule decides which keys a desktop may write.',
};

/** The marks an option carries, in the reference's order. */
export function optionMarks(option: LayerOption): { kind: MarkKind; label: string }[] {
  const marks: { kind: MarkKind; label: string }[] = [];
  if (option.hostOnly) marks.push({ kind: 'host-only', label: optionMarkLabels.hostOnly });
  if (option.desktopSafePerKey) marks.push({ kind: 'desktop-safe-per-key', label: optionMarkLabels.desktopSafePerKey });
  return marks;
}
