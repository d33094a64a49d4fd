import { vi } from 'vitest';

type SourceConfigModule = typeof import('@/source.config');
type MdxOptions = SourceConfigModule['default']['mdxOptions'];
/** The options as an object (not a function returning them), and Fumadocs' preset rather than the minimal one. */
type PresetOptions = Exclude<Exclude<NonNullable<MdxOptions>, (...args: never[]) => unknown>, { preset: 'minimal' }>;

/**
 * source.config.ts as a process with these variables loads it (they are read
 * when the module is evaluated, so it is evaluated again), with its Fumadocs
 * preset options. The variables are restored once it is loaded.
 */
export async function sourceConfigWith(env: Record<string, string | undefined>): Promise<SourceConfigModule & { mdxOptions: PresetOptions }> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    vi.resetModules();
    const loaded = await import('@/source.config');
    const mdxOptions = loaded.default.mdxOptions;
    if (typeof mdxOptions !== 'object' || mdxOptions.preset === 'minimal') throw new Error('expected the fumadocs preset options');
    return { ...loaded, mdxOptions };
  } finally {
    vi.unstubAllEnvs();
  }
}

/**
 * source.config.ts as scripts/compile-docs.mjs loads it (SVC_DOCS_DATA=1, before
 * the build and in `next dev`'s compiler child): the only compile whose pages
 * carry the processed markdown and the search sections, so the options of both
 * are read from it. `next dev` and `next build` load it without the variable.
 */
export const docsDataSourceConfig = () => sourceConfigWith({ SVC_DOCS_DATA: '1' });
