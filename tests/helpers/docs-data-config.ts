import { vi } from 'vitest';

type SourceConfigModule = typeof import('@/source.config');

/**
 * source.config.ts as scripts/compile-docs.mjs loads it (SVC_DOCS_DATA=1, before
 * the build and in `next dev`'s compiler child): the only compile whose pages
 * carry the processed markdown and the search sections, so the options of both
 * are read from it. `next dev` and `next build` load it without the variable.
 */
export async function sourceConfigAs(env: { SVC_DOCS_DATA?: '1' }): Promise<SourceConfigModule> {
  const before = process.env.SVC_DOCS_DATA;
  if (env.SVC_DOCS_DATA === undefined) delete process.env.SVC_DOCS_DATA;
  else process.env.SVC_DOCS_DATA = env.SVC_DOCS_DATA;
  try {
    // Evaluated again: the variable is read when the module is.
    vi.resetModules();
    return await import('@/source.config');
  } finally {
    if (before === undefined) delete process.env.SVC_DOCS_DATA;
    else process.env.SVC_DOCS_DATA = before;
  }
}

/** source.config.ts as the docs data's compile loads it. */
export const docsDataSourceConfig = () => sourceConfigAs({ SVC_DOCS_DATA: '1' });
