import { compile } from '@mdx-js/mdx';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** source.config.ts's MDX options as a server with this NODE_ENV loads them. */
async function mdxOptionsUnder(nodeEnv: string) {
  vi.stubEnv('NODE_ENV', nodeEnv);
  vi.resetModules();
  const { default: config } = await import('@/source.config');
  const options = config.mdxOptions;
  if (typeof options !== 'object' || options.preset === 'minimal') throw new Error('expected the fumadocs preset options');
  return options;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// React's dev renderer hands a page module's source map to Node once per element after every edit,
// so under `next dev` that map must be the small one pointing at the .mdx file.
describe('MDX source maps', () => {
  it('under next dev, a page maps to its .mdx file, without the compiled code in the map', async () => {
    const { SourceMapGenerator } = await mdxOptionsUnder('development');
    expect(SourceMapGenerator).toBeDefined();
    const file = await compile({ path: '/docs/page.mdx', value: '# Title\n\nSome text.\n' }, { SourceMapGenerator });
    expect(file.map?.sources).toEqual(['/docs/page.mdx']);
    expect(file.map?.sourcesContent).toBeUndefined();
  });

  it('is left out of next build, whose server emits no source maps', async () => {
    expect((await mdxOptionsUnder('production')).SourceMapGenerator).toBeUndefined();
  });
});
