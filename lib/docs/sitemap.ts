import type { MetadataRoute } from 'next';
import { env, publicOrigin } from '@/lib/env';
import { allProblemCodes } from '@/lib/http/problem-codes';
import { problemTypeRoute, sitemapRoute } from '@/lib/routes';
import { source } from '@/lib/source';

/** Every indexable URL: the home page, each docs page, each problem page. */
export function sitemapEntries(): MetadataRoute.Sitemap {
  const origin = publicOrigin(env());
  return [
    { url: `${origin}/`, changeFrequency: 'weekly', priority: 1 },
    ...source.getPages().map((page) => ({ url: `${origin}${page.url}`, changeFrequency: 'weekly' as const, priority: 0.8 })),
    ...allProblemCodes.map((code) => ({ url: `${origin}${problemTypeRoute(code)}`, changeFrequency: 'monthly' as const, priority: 0.3 })),
  ];
}

export function robotsRules(): MetadataRoute.Robots {
  const origin = publicOrigin(env());
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/llms.mdx/', '/og/'] }],
    sitemap: `${origin}${sitemapRoute}`,
  };
}
