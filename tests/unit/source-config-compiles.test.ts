import { describe, expect, it } from 'vitest';
import { sourceConfigWith } from '../helpers/docs-data-config';

/**
 * Only the compile that writes the docs data (scripts/compile-docs.mjs, SVC_DOCS_DATA=1) gives the pages their
 * processed markdown and search sections: every route reads those from the docs data, and the docs page, the one
 * route that imports the compiled pages under `next dev` and `next build`, renders the body and its contents alone.
 */
describe('what each compile of the pages carries (source.config.ts)', () => {
  it('the docs data compile: the processed markdown and the search sections, no HTML stage', async () => {
    const { mdxOptions: options, docs } = await sourceConfigWith({ SVC_DOCS_DATA: '1' });
    expect(docs.docs.postprocess?.includeProcessedMarkdown).toEqual(expect.objectContaining({ stringify: expect.any(Function) }));
    expect(options.remarkStructureOptions).toEqual(expect.objectContaining({ stringify: expect.any(Function) }));
    expect(options.rehypeCodeOptions).toBe(false);
  });

  it('the pages `next dev` and `next build` compile: neither, and the HTML stage', async () => {
    const { mdxOptions: options, docs } = await sourceConfigWith({ SVC_DOCS_DATA: undefined });
    expect(docs.docs.postprocess?.includeProcessedMarkdown).toBe(false);
    expect(options.remarkStructureOptions).toBe(false);
    expect(options.rehypeCodeOptions).toEqual(expect.objectContaining({ langs: expect.arrayContaining(['tsx', 'mdx']) }));
  });
});
