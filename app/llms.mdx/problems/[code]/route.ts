import { problemMarkdownResponse } from '@/lib/docs/problem-pages';

// Rewrite target of /problems/{code}.md (see proxy.ts). Dynamic, so an
// unknown code writes nothing to disk (a request must not grow the cache).
export const dynamic = 'force-dynamic';

export async function GET(_req: Request, { params }: RouteContext<'/llms.mdx/problems/[code]'>) {
  return problemMarkdownResponse((await params).code);
}
