import type { Metadata } from 'next';
import { DocsSectionLinks } from '@/components/site/docs-sections';
import { SiteLayout } from '@/components/site/site-layout';

// Its own tab title, not the home page's; a 404 is not a page to index.
export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Where a reader lands from a stale link: say so, offer the search (the
 * header's dialog, opened by `data-open-search`: components/search/search-button.tsx)
 * and the documentation's main sections, so it is never a dead end. Lean:
 * its payload rides along with every page (DocsSectionLinks).
 */
export default function NotFound() {
  return (
    <SiteLayout pathname="">
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 px-4 py-16 sm:px-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold">Page not found</h1>
          <p className="text-fd-muted-foreground">Nothing lives at this address. It may have moved: search the documentation, or start from one of its sections.</p>
          {/* Its magnifier is drawn in CSS (`.search-box`): an SVG here would ride in every page's payload. */}
          <button type="button" data-open-search="" data-needs-script="" className="search-box">
            Search the documentation
          </button>
        </div>
        <section aria-labelledby="sections-title" className="flex flex-col gap-3">
          <h2 id="sections-title" className="text-xl font-semibold">
            Documentation
          </h2>
          <DocsSectionLinks headingId="sections-title" />
        </section>
      </main>
    </SiteLayout>
  );
}
