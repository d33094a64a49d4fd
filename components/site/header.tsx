import type { ReactNode } from 'react';
import { GitHubIcon } from '@/components/github-icon';
import { SoftNavigation } from '@/components/docs/soft-navigation';
import { SearchButton } from '@/components/search/search-button';
import { githubLink, navLinks, navTitle } from '@/lib/layout.shared';
import { homeRoute } from '@/lib/routes';
import { iconButton } from './icon-button';
import { ThemeToggle } from './theme';

/**
 * The header of every page, rendered on the server: the site's name, the
 * main links (Docs, API, Download), search, the theme toggle and the code
 * host. `menu` is the docs' page tree on small screens. Its client
 * components are the search button and the listener that routes its links
 * within the app (SoftNavigation: plain `<a>`, each next/link would be two
 * more components per request). Nothing is prefetched: a docs view should
 * not fetch other pages' payloads it may never need.
 */
export function SiteHeader({ pathname, menu }: { pathname: string; menu?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 h-14 border-b bg-fd-background">
      <SoftNavigation as="div" className="mx-auto flex h-full max-w-[1400px] items-center gap-3 px-4 md:gap-6 md:px-6">
        <a href={homeRoute} className="text-[0.9375rem] font-semibold text-fd-foreground">
          {navTitle}
        </a>
        <nav aria-label="Main" className="flex items-center gap-3 text-sm md:gap-5">
          {navLinks.map((link) => {
            const current = link.match(pathname);
            return (
              <a
                key={link.url}
                href={link.url}
                aria-current={current ? 'page' : undefined}
                className={`rounded-sm underline-offset-4 hover:text-fd-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary ${current ? 'font-medium text-fd-foreground' : 'text-fd-muted-foreground'}`}
              >
                {link.text}
              </a>
            );
          })}
        </nav>
        <div className="ms-auto flex items-center gap-1 md:gap-2">
          <SearchButton />
          <ThemeToggle />
          <a href={githubLink.url} aria-label={githubLink.label} title={githubLink.label} className={`${iconButton} max-sm:hidden`}>
            <GitHubIcon className="size-4.5" />
          </a>
          {menu}
        </div>
      </SoftNavigation>
    </header>
  );
}
