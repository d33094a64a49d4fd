import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoaderConfig, LoaderOutput } from 'fumadocs-core/source';
import { sourceSearchRows } from './fumadocs-export';
import { searchDataOfRows } from './index-data';
import { encodeSearchData } from './index-writer';
import { prebuiltSearchFile, prebuiltSearchMeta } from './prebuilt-index';

/**
 * The build step of search (`npm run build`, scripts/build-search-data.mjs,
 * before `next build`): the index made from the docs source and written to
 * .search/search-data.bin with the content's fingerprint, which a server
 * reads at start (lib/search/prebuilt-index.ts). Imports relative modules
 * and packages only, so the script loads it with Node's type stripping.
 */
export async function writeSearchIndex<C extends LoaderConfig>(root: string, source: LoaderOutput<C>, contentHash: string): Promise<{ sections: number; file: string }> {
  // The rows Fumadocs' index would hold, made without building that index.
  const data = searchDataOfRows(await sourceSearchRows(source));
  const file = path.join(root, prebuiltSearchFile);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, encodeSearchData(data, prebuiltSearchMeta(contentHash)));
  return { sections: data.sections.urls.length, file: prebuiltSearchFile };
}
