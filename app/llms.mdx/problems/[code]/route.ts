import { problemCodeParams, problemMarkdownResponse } from '@/lib/docs/problem-pages';

// Rewrite target of /problems/{code}.md (see proxy.ts).
export const revalidate = false;

export async function GET(_req: Request, { params }: RouteContext<'/llms.mdx/problems/[code]'>) {
  return problemMarkdownResponse((await params).code);
}

export const generateStaticParams = problemCodeParams;
