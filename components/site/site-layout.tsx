import type { ReactNode } from 'react';
import { SiteHeader } from './header';

/** Pages outside the docs (home, problem pages, 404): the header, then the page's own <main>. */
export function SiteLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <>
      <SiteHeader pathname={pathname} />
      {children}
    </>
  );
}
