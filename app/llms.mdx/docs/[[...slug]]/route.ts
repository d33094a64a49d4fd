import { markdownTwinResponse, markdownTwinParams } from '@/lib/docs/text-views';

// Rewrite target of /docs/{path}.md and of Accept: text/markdown (see proxy.ts).
export const revalidate = false;


export async function GET(_req: Request, { params }: RouteContext<'/llms.mdx/docs/[[...slug]]'>) {
  return markdownTwinResponse((await params).slug ?? []);
}

export const generateStaticParams = markdownTwinParams;
