/**
 * The theme a reader chose: light, dark, or the system's (nothing stored).
 * The head script (components/site/theme.tsx) applies it before the first
 * paint; components/site/page-controls.tsx moves it on a click.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** The key next-themes used, so a choice made on the old site is kept. */
export const themeStorageKey = 'theme';

/**
 * From the system's choice a click first shows the other theme (a click
 * always changes what is seen), then this one, then the system's again.
 */
export function themeAfter(choice: ThemeChoice): ThemeChoice {
  const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
  const order: ThemeChoice[] = systemDark ? ['system', 'light', 'dark'] : ['system', 'dark', 'light'];
  return order[(order.indexOf(choice) + 1) % order.length]!;
}

/** The toggle's name: the theme now, and what a click does. */
export const themeLabel = (choice: ThemeChoice) => `Theme: ${choice}. Switch to ${themeAfter(choice)}`;

declare global {
  interface Window {
    /** Set by the head script: applies a choice to <html>. */
    applyTheme?: (choice: ThemeChoice) => void;
  }
}
