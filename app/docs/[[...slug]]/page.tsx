import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { findPage, source } from '@/lib/docs-source/collection';
import { pageLastModified } from '@/lib/docs-source/route-docs';
import { pageMDXComponents } from '@/components/mdx';
import { LastUpdated } from '@/components/docs/last-updated';
import { PageActions } from '@/components/docs/page-actions';
import { PageFeedback } from '@/components/docs/page-feedback';
import { DocsShell } from '@/components/docs/shell';
import { SoftNavigation } from '@/components/docs/soft-navigation';
import { PageStructuredData } from '@/components/structured-data';
import { docsImageUrl, docsMarkdownUrl } from '@/lib/routes';
import { repositoryUrl, siteRepo } from '@/lib/site';

export default async function Page(props: PageProps<'/docs/[[...slug]]'>) {
  const params = await props.params;
  const page = findPage(params.slug);
  if (!page) notFound();

  const MDX = page.data.body;
  const markdownUrl = docsMarkdownUrl(page.slugs);
  const editUrl = `${repositoryUrl(siteRepo)}/blob/${siteRepo.branch}/content/docs/${page.path}`;
  const lastModified = await pageLastModified(page.path);

  const head = (
    <>
      <PageStructuredData page={{ url: page.url, title: page.data.title, description: page.data.description, dateModified: lastModified }} />
      <h1 className="text-[1.75em] font-semibold">{page.data.title}</h1>
      {page.data.description && <p className="text-lg text-fd-muted-foreground">{page.data.description}</p>}
      <LastUpdated date={lastModified} />
      <div className="flex flex-row flex-wrap items-center gap-2 border-b pb-6">
        <PageActions pageUrl={page.url} markdownUrl={markdownUrl} editUrl={editUrl} />
      </div>
    </>
  );

  return (
    <DocsShell tree={source.getPageTree()} url={page.url} toc={page.data.toc} head={head}>
      {/* Its page links written as HTML are routed within the app from here (components/docs/soft-navigation.tsx). */}
      <SoftNavigation as="div" pagesOnly className="prose flex-1">
        <MDX components={pageMDXComponents(page.url)} />
      </SoftNavigation>
      <PageFeedback page={page.url} />
    </DocsShell>
  );
}

// Only the pages of the source exist: an unknown path is a 404 that renders
// and stores nothing (strangers' paths must not fill the disk).
export const dynamicParams = false;

// Every page prerendered by `next build`. Not under `next dev`: there Next calls this again, in a worker of
// its own, for the first request after each edit, before it renders, which adds to every edit's wait;
// the page resolves its path itself, and an unknown one is `notFound()` all the same.
export const generateStaticParams = process.env.NODE_ENV === 'development' ? undefined : async () => source.generateParams();

export async function generateMetadata(props: PageProps<'/docs/[[...slug]]'>): Promise<Metadata> {
  const params = await props.params;
  const page = findPage(params.slug);
  if (!page) notFound();

  return {
    title: page.data.title,
    description: page.data.description,
    alternates: { types: { 'text/markdown': docsMarkdownUrl(page.slugs) } },
    openGraph: { images: docsImageUrl(page.slugs) },
    twitter: { card: 'summary_large_image', images: docsImageUrl(page.slugs) },
  };
}
