import { MonitorIcon, MoonIcon, SunIcon } from '@/components/icons';
import { iconButton } from './icon-button';

/**
 * Light, dark, or the system's setting, without a client component. A small
 * inline script in <head> applies `light` or `dark` to <html> before the
 * first paint (the stored choice under `theme`, the key next-themes used,
 * else the system setting), follows system changes while the choice is the
 * system's, and handles clicks on any `[data-theme-toggle]` button by
 * delegation, so the toggle works as soon as the page is parsed and costs no
 * hydration. A click moves system → the other theme → this theme → system; `data-theme-choice`
 * on <html> says which is chosen (the button's icon follows it in CSS) and
 * the button's name says it in words.
 *
 * The same listener closes an open popover (the docs menu, "On this page")
 * when a link in it is followed: a link to a section of the same page
 * does not navigate, so nothing else would close it.
 */
const script = `(() => {
  const root = document.documentElement;
  const media = matchMedia('(prefers-color-scheme: dark)');
  // From the system's choice, a click first shows the other theme (a click always changes what is seen), then this one, then the system's again.
  const order = () => (media.matches ? ['system', 'light', 'dark'] : ['system', 'dark', 'light']);
  const after = (choice) => order()[(order().indexOf(choice) + 1) % 3];
  const stored = () => { try { const t = localStorage.getItem('theme'); return t === 'light' || t === 'dark' ? t : 'system'; } catch { return 'system'; } };
  const label = (choice) => 'Theme: ' + choice + '. Switch to ' + after(choice);
  const name = () => { for (const button of document.querySelectorAll('[data-theme-toggle]')) button.setAttribute('aria-label', label(root.dataset.themeChoice)); };
  const apply = (choice) => {
    const theme = choice === 'system' ? (media.matches ? 'dark' : 'light') : choice;
    root.classList.remove('light', 'dark'); root.classList.add(theme); root.style.colorScheme = theme;
    root.dataset.themeChoice = choice;
  };
  apply(stored());
  media.addEventListener('change', () => { if (stored() === 'system') apply('system'); });
  document.addEventListener('DOMContentLoaded', name);
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const popover = event.target.closest('a[href]')?.closest('[popover]');
    if (popover && popover.matches(':popover-open')) popover.hidePopover();
    if (!event.target.closest('[data-theme-toggle]')) return;
    const next = after(stored());
    try { if (next === 'system') localStorage.removeItem('theme'); else localStorage.setItem('theme', next); } catch {}
    apply(next);
    name();
  });
})();`;

export function ThemeScript() {
  // Rendered once, in <head>: React leaves a server-rendered script alone on hydration.
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * The toggle: a plain button; the script above does the work. Its name is
 * written for the system's choice, what a first visit has; the script names
 * the stored choice once the page is parsed.
 */
export function ThemeToggle() {
  return (
    <button type="button" data-theme-toggle="" aria-label="Theme: system. Switch to the other theme" title="Theme: light, dark or system" className={iconButton}>
      <SunIcon className="theme-icon-light size-4.5" />
      <MoonIcon className="theme-icon-dark size-4.5" />
      <MonitorIcon className="theme-icon-system size-4.5" />
    </button>
  );
}
