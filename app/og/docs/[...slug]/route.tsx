import { pageImageParams, pageImageResponse } from '@/lib/docs/page-image';

export const revalidate = false;
export const dynamicParams = false;

export async function GET(_req: Request, { params }: RouteContext<'/og/docs/[...slug]'>) {
  return pageImageResponse((await params).slug);
}

export const generateStaticParams = pageImageParams;
