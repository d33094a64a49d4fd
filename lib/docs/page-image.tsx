import { generateOGImage } from 'fumadocs-ui/og';
import { notFound } from 'next/navigation';
import { findPage, source } from '@/lib/source';
import { siteName } from '@/lib/site';

/** Open Graph image of one docs page (`next/og` under the hood). */
export function pageImageResponse(segments: readonly string[]) {
  const page = segments.at(-1) === 'image.png' ? findPage(segments.slice(0, -1)) : undefined;
  if (!page) notFound();
  return generateOGImage({
    title: page.data.title,
    description: page.data.description,
    site: siteName,
  });
}

export function pageImageParams() {
  return source.getPages().map((page) => ({ slug: [...page.slugs, 'image.png'] }));
}
