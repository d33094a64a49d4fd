import path from 'node:path';
import { isSearchData, searchDataFormat } from '../core/search-data';
import { readJsonText } from '../platform/ascii-json';

/**
 * The search core's index made before the build (scripts/build-search-data.mjs,
 * the step of `npm run build` before `next build`), so a new server process
 * parses one JSON file on its first search instead of compiling every page's
 * index (Fumadocs' export, then tokenizing it): that cost grows with the
 * content and every cold instance on a serverless host pays it.
 *
 * The file records the fingerprint of the content it was made from; the
 * build records its own (next.config.mjs, `SVC_CONTENT_HASH`). A file made
 * from other content, or none at all (a bare `next build`), is not used:
 * the index is then made from the pages on the first search, as before.
 * Its first half imports Node's modules, the core's index format and the
 * platform's JSON reader only, so the build script loads it with type
 * stripping (the fallback's import of the docs source is dynamic).
 */
export const prebuiltSearchFile = path.join('.search', 'search-data.json');

export interface PrebuiltSearchFile {
  contentHash: string;
  /** The core's section index (lib/core/search-data.ts SearchData). */
  data: unknown;
}

export type PrebuiltSearch = { found: true; data: unknown } | { found: false; why: string };

export async function readPrebuiltSearch(root: string, expectedHash: string | undefined): Promise<PrebuiltSearch> {
  if (!expectedHash) return { found: false, why: 'the build recorded no content fingerprint' };
  let text: string;
  try {
    text = await readJsonText(path.join(root, prebuiltSearchFile));
  } catch {
    return { found: false, why: `${prebuiltSearchFile} is missing (the build ran without scripts/build-search-data.mjs)` };
  }
  const file = JSON.parse(text) as Partial<PrebuiltSearchFile>;
  if (file.contentHash !== expectedHash) return { found: false, why: `${prebuiltSearchFile} was made from other content than this build's pages` };
  return { found: true, data: file.data };
}

/**
 * The search core's index on a production server: the one made before the
 * build, else made from the pages now, with a warning saying why.
 */
export async function productionSearchIndex(): Promise<unknown> {
  const prebuilt = await readPrebuiltSearch(process.cwd(), process.env.SVC_CONTENT_HASH);
  // The fingerprint is the content's; a file written by an older search core has the same one.
  if (prebuilt.found && isSearchData(prebuilt.data)) return prebuilt.data;
  const why = prebuilt.found ? `${prebuiltSearchFile} is not in this search core's format (${searchDataFormat})` : prebuilt.why;
  console.warn(`[svc] search index: ${why}; making it from the pages now`);
  return import('./search-index').then((module) => module.exportSearchIndex());
}
