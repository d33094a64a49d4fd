import { describe, expect, it } from 'vitest';
import { buildOrigin, originMismatchWarning } from '@/lib/build-origin';

// The origin a build rendered into its pages, from what next.config.mjs recorded, and the start-up warning.
describe('build origin', () => {
  it('follows the same rule as the running server', () => {
    expect(buildOrigin(JSON.stringify({}))).toBe('http://localhost:3000');
    expect(buildOrigin(JSON.stringify({ PORT: '4000' }))).toBe('http://localhost:4000');
    expect(buildOrigin(JSON.stringify({ SITE_URL: 'https://layer.example/', PORT: '4000' }))).toBe('https://layer.example');
    expect(buildOrigin(JSON.stringify({ VERCEL_PROJECT_PRODUCTION_URL: 'layer.vercel.app' }))).toBe('https://layer.vercel.app');
  });

  it('is unknown when nothing (or nothing readable) was recorded', () => {
    expect(buildOrigin(undefined)).toBeUndefined();
    expect(buildOrigin('')).toBeUndefined();
    expect(buildOrigin('not json')).toBeUndefined();
    expect(buildOrigin(JSON.stringify({ PORT: 'eighty' }))).toBeUndefined();
  });

  it('warns only when the running origin differs from the build’s, naming both', () => {
    expect(originMismatchWarning('http://localhost:3000', 'http://localhost:3000')).toBeUndefined();
    expect(originMismatchWarning('http://localhost:3000', undefined)).toBeUndefined();
    const warning = originMismatchWarning('http://localhost:4000', 'http://localhost:3000');
    expect(warning).toContain('http://localhost:4000');
    expect(warning).toContain('built for http://localhost:3000');
    expect(warning).toContain('SITE_URL');
  });
});
