import { MonitorIcon, MoonIcon, SunIcon } from '@/components/icons';
import { iconButton } from './icon-button';

/**
 * Light, dark, or the system's setting, without a client component. A small
 * inline script in <head> applies `light` or `dark` to <html> before the
 * first paint (the stored choice under `theme`, the key next-themes used,
 * else the system setting), follows system changes while the choice is the
 * system's, sets `data-theme-choice` (the toggle's icon follows it in CSS),
 * and leaves `window.applyTheme` for the toggle's click
 * (components/site/page-controls.tsx, lib/client/theme.ts).
 */
// Written short by hand (it is not minified, and every page carries it twice: in <head> and in the RSC payload).
const script = `(()=>{const r=document.documentElement,m=matchMedia('(prefers-color-scheme: dark)');
const get=()=>{try{const t=localStorage.getItem('theme');return t==='light'||t==='dark'?t:'system'}catch{return'system'}};
const apply=window.applyTheme=c=>{const t=c==='system'?(m.matches?'dark':'light'):c;r.classList.remove('light','dark');r.classList.add(t);r.style.colorScheme=t;r.dataset.themeChoice=c};
apply(get());m.addEventListener('change',()=>{if(get()==='system')apply('system')})})();`;

export function ThemeScript() {
  // Rendered once, in <head>: React leaves a server-rendered script alone on hydration.
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * The toggle: a plain button; components/site/page-controls.tsx handles its
 * click. Its name is written for the system's choice, what a first visit
 * has, and named for the stored choice once the page is hydrated.
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
