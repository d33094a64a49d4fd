import { generateOGImage } from 'fumadocs-ui/og';
import { notFound } from 'next/navigation';
import { routeDocs } from '@/lib/docs-source/route-docs';
import { siteName } from '@/lib/site';

/** Open Graph image of one docs page (`next/og` under the hood). */
export async function pageImageResponse(segments: readonly string[]) {
  const { findPage } = await routeDocs();
  const page = segments.at(-1) === 'image.png' ? findPage(segments.slice(0, -1)) : undefined;
  if (!page) notFound();
  return generateOGImage({
    title: page.data.title,
    description: page.data.description,
    site: siteName,
  });
}

export async function pageImageParams() {
  return (await routeDocs()).source.getPages().map((page) => ({ slug: [...page.slugs, 'image.png'] }));
}
