import { markdownTwinResponse } from '@/lib/docs/text-views';

// Rewrite target of /docs/{path}.md and of Accept: text/markdown (see proxy.ts).
// Rendered per request from the processed markdown held in memory: a
// statically generated route would write an ISR entry to disk for every
// unknown path a stranger asks for.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: RouteContext<'/llms.mdx/docs/[[...slug]]'>) {
  return markdownTwinResponse(request, (await params).slug ?? []);
}
