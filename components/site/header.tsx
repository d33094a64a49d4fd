import Link from 'next/link';
import type { ReactNode } from 'react';
import { GitHubIcon } from '@/components/github-icon';
import { SearchButton } from '@/components/search/search-button';
import { githubLink, navLinks, navTitle } from '@/lib/layout.shared';
import { iconButton } from './icon-button';
import { ThemeToggle } from './theme';

/**
 * The header of every page, rendered on the server: the site's name, the
 * main links (Docs, API, Download), search, the theme toggle and the code
 * host. `menu` is the docs' page tree on small screens. The only client
 * component is the search button. Page links never prefetch: a docs view
 * should not fetch other pages' payloads it may never need.
 */
export function SiteHeader({ pathname, menu }: { pathname: string; menu?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 h-14 border-b bg-fd-background">
      <div className="mx-auto flex h-full max-w-[1400px] items-center gap-3 px-4 md:gap-6 md:px-6">
        <Link href="/" prefetch={false} className="text-[0.9375rem] font-semibold text-fd-foreground">
          {navTitle}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-3 text-sm md:gap-5">
          {navLinks.map((link) => {
            const current = link.match(pathname);
            return (
              <Link
                key={link.url}
                href={link.url}
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`rounded-sm underline-offset-4 hover:text-fd-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary ${current ? 'font-medium text-fd-foreground' : 'text-fd-muted-foreground'}`}
              >
                {link.text}
              </Link>
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
      </div>
    </header>
  );
}
