import type { MetadataRoute } from 'next';
import { sitemapEntries } from '@/lib/docs/sitemap';

export const revalidate = false;
export default function sitemap(): MetadataRoute.Sitemap {
  return sitemapEntries();
}
