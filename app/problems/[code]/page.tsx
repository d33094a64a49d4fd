import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { HomeLayout } from 'fumadocs-ui/layouts/home';
import { baseOptions } from '@/lib/layout.shared';
import { problemCodeParams, problemPage } from '@/lib/docs/problem-pages';

export const dynamicParams = false;
export const generateStaticParams = problemCodeParams;

export async function generateMetadata({ params }: PageProps<'/problems/[code]'>): Promise<Metadata> {
  const page = problemPage((await params).code);
  if (!page) notFound();
  return {
    title: `${page.title} (${page.code})`,
    description: page.explanation,
    alternates: { types: { 'text/markdown': `${page.url}.md` } },
  };
}

export default async function ProblemPage({ params }: PageProps<'/problems/[code]'>) {
  const page = problemPage((await params).code);
  if (!page) notFound();
  return (
    <HomeLayout {...baseOptions()}>
      <main className="mx-auto w-full max-w-2xl flex-1 px-6 py-16">
        <p className="text-sm text-fd-muted-foreground">Problem type · HTTP {page.status}</p>
        <h1 className="mt-2 text-3xl font-semibold">{page.title}</h1>
        <p className="mt-2 font-mono text-sm">code: {page.code}</p>
        <p className="mt-6 leading-7">{page.explanation}</p>
        <p className="mt-6 text-sm text-fd-muted-foreground">
          Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>,{' '}
          <code>status</code>, <code>detail</code> and <code>code</code>. See <Link className="underline" href="/docs/api">the API docs</Link> or{' '}
          <a className="underline" href="/openapi.json">/openapi.json</a>; this page as markdown:{' '}
          <a className="underline" href={`${page.url}.md`}>{page.url}.md</a>.
        </p>
      </main>
    </HomeLayout>
  );
}
