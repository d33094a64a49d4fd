import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { WithInlineCode } from '@/components/inline-code';
import { SiteLayout } from '@/components/site/site-layout';
import { problemCodeParams, problemPage } from '@/lib/docs/problem-pages';

export const dynamicParams = false;
export const generateStaticParams = problemCodeParams;

export async function generateMetadata({ params }: PageProps<'/problems/[code]'>): Promise<Metadata> {
  const page = problemPage((await params).code);
  if (!page) notFound();
  return {
    title: `${page.title} (${page.code})`,
    // The explanation's `code` spans read as plain words in a description.
    description: page.explanation.replaceAll('`', ''),
    alternates: { types: { 'text/markdown': `${page.url}.md` } },
  };
}

export default async function ProblemPage({ params }: PageProps<'/problems/[code]'>) {
  const page = problemPage((await params).code);
  if (!page) notFound();
  return (
    <SiteLayout pathname={page.url}>
      <main className="mx-auto w-full max-w-2xl flex-1 px-6 py-16">
        <p className="text-sm text-fd-muted-foreground">Problem type · HTTP {page.status}</p>
        <h1 className="mt-2 text-3xl font-semibold">{page.title}</h1>
        <p className="mt-2 font-mono text-sm">code: {page.code}</p>
        <p className="mt-6 leading-7 [&_code]:rounded-md [&_code]:border [&_code]:bg-fd-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]">
          <WithInlineCode text={page.explanation} />
        </p>
        <p className="mt-6 text-sm text-fd-muted-foreground">
          Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>,{' '}
          <code>status</code>, <code>detail</code> and <code>code</code>. See <Link prefetch={false} className="underline" href="/docs/api">the API docs</Link> or{' '}
          <a className="underline" href="/openapi.json">/openapi.json</a>; this page as markdown:{' '}
          <a className="underline" href={`${page.url}.md`}>{page.url}.md</a>.
        </p>
      </main>
    </SiteLayout>
  );
}
