import { describe, expect, it } from 'vitest';
import { isPageHref } from '@/components/docs/mdx-parts';

/**
 * Which links of the docs go through next/link (pages, never prefetched)
 * and which stay plain <a>: downloads, /v1 and /api, installers, text
 * views and other sites must never be prefetched.
 */
describe('isPageHref', () => {
  it.each(['/', '/docs', '/docs/rooms/appearance', '/docs/rooms/appearance#layer.wallpaper.glow.spread', '/docs/options?q=glow', '/problems/rate_limited'])(
    '%s is a page',
    (href) => expect(isPageHref(href)).toBe(true),
  );
  it.each([
    '/download/pounce',
    '/v1/releases/pounce',
    '/v1/search?q=x',
    '/api/search',
    '/api/release/perch',
    '/layer.sh',
    '/hacker.sh',
    '/docs/install.md',
    '/problems/rate_limited.md',
    '/llms.txt',
    '/llms-full.txt',
    '/openapi.json',
    '/design.md',
    'https://github.com/layer-desktop/layer',
    '//example.com/docs',
    '#classification-marks',
  ])('%s is not a page', (href) => expect(isPageHref(href)).toBe(false));
});
