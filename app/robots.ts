import type { MetadataRoute } from 'next';
import { robotsRules } from '@/lib/docs/sitemap';

export default function robots(): MetadataRoute.Robots {
  return robotsRules();
}
