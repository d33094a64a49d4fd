import { pageImageResponse } from '@/lib/docs/page-image';

// Drawn on request and kept in memory, never prerendered or written to the build's cache (lib/docs/page-image.tsx).
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: RouteContext<'/og/docs/[...slug]'>) {
  return pageImageResponse(request, (await params).slug);
}
