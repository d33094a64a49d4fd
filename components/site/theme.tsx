import { MoonIcon, SunIcon } from '@/components/icons';
import { iconButton } from './icon-button';

/**
 * Light and dark themes without a client component. A small inline script
 * in <head> sets `light` or `dark` on <html> before the first paint (the
 * stored choice under `theme`, the key next-themes used, else the system
 * setting), follows system changes while no choice is stored, and handles
 * clicks on any `[data-theme-toggle]` button by delegation, so the toggle
 * works as soon as the page is parsed and costs no hydration.
 *
 * The same listener closes an open popover (the docs menu, "On this page")
 * when a link in it is followed: a link to a section of the same page
 * does not navigate, so nothing else would close it.
 */
const script = `(() => {
  const root = document.documentElement;
  const media = matchMedia('(prefers-color-scheme: dark)');
  const stored = () => { try { const t = localStorage.getItem('theme'); return t === 'light' || t === 'dark' ? t : null; } catch { return null; } };
  const apply = (theme) => { root.classList.remove('light', 'dark'); root.classList.add(theme); root.style.colorScheme = theme; };
  apply(stored() ?? (media.matches ? 'dark' : 'light'));
  media.addEventListener('change', () => { if (!stored()) apply(media.matches ? 'dark' : 'light'); });
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const popover = event.target.closest('a[href]')?.closest('[popover]');
    if (popover && popover.matches(':popover-open')) popover.hidePopover();
    if (!event.target.closest('[data-theme-toggle]')) return;
    const next = root.classList.contains('dark') ? 'light' : 'dark';
    try { localStorage.setItem('theme', next); } catch {}
    apply(next);
  });
})();`;

export function ThemeScript() {
  // Rendered once, in <head>: React leaves a server-rendered script alone on hydration.
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The toggle: a plain button; the script above does the work. */
export function ThemeToggle() {
  return (
    <button
      type="button"
      data-theme-toggle=""
      aria-label="Switch between light and dark theme"
      title="Switch theme"
      className={iconButton}
    >
      <SunIcon className="size-4.5 dark:hidden" />
      <MoonIcon className="hidden size-4.5 dark:block" />
    </button>
  );
}
