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
// Written short by hand (it is not minified, and every page carries it twice: in <head> and in the RSC payload).
const script = `(()=>{const r=document.documentElement,d=document,m=matchMedia('(prefers-color-scheme: dark)');
const get=()=>{try{const t=localStorage.getItem('theme');return t==='light'||t==='dark'?t:'system'}catch{return'system'}};
const after=c=>{const o=m.matches?['system','light','dark']:['system','dark','light'];return o[(o.indexOf(c)+1)%3]};
const name=()=>{const c=r.dataset.themeChoice;for(const b of d.querySelectorAll('[data-theme-toggle]'))b.setAttribute('aria-label','Theme: '+c+'. Switch to '+after(c))};
const apply=c=>{const t=c==='system'?(m.matches?'dark':'light'):c;r.classList.remove('light','dark');r.classList.add(t);r.style.colorScheme=t;r.dataset.themeChoice=c};
apply(get());m.addEventListener('change',()=>{if(get()==='system')apply('system')});d.addEventListener('DOMContentLoaded',name);
d.addEventListener('click',e=>{const x=e.target;if(!(x instanceof Element))return;const p=x.closest('a[href]')?.closest('[popover]');if(p&&p.matches(':popover-open'))p.hidePopover();
if(!x.closest('[data-theme-toggle]'))return;const c=after(get());try{c==='system'?localStorage.removeItem('theme'):localStorage.setItem('theme',c)}catch{}apply(c);name()})})();`;

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
