import { consoleLog } from '@/lib/platform/log';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { searchDataFormat } from './index-format';
import { searchDataMeta } from './index-reader';

/**
 * The search core's index made before the build (scripts/build-search-data.mjs,
 * the step of `npm run build` before `next build`), so a new server process
 * reads one file as it starts instead of compiling every page's
 * index (Fumadocs' export, then tokenizing it): that cost grows with the
 * content and every cold instance on a serverless host pays it. The file
 * is the core's binary form (lib/search/index-format.ts), handed to
 * the core as read: loading it decodes no column.
 *
 * The file records the fingerprint of the content it was made from; the
 * build records its own (next.config.mjs, `SVC_CONTENT_HASH`). A file made
 * from other content, in another format (one an older search core wrote),
 * or none at all (a bare `next build`), is not used: the index is then made
 * from the pages, and the server answers meanwhile.
 * Its first half imports Node's modules and the core's index format only,
 * so the build script loads it with type stripping (the fallback's import
 * of the docs source is dynamic).
 */
export const prebuiltSearchFile = path.join('.search', 'search-data.bin');

/** The fingerprint of the content the file was made from, in the index's `meta`. */
export const prebuiltSearchMeta = (contentHash: string) => ({ contentHash });

/**
 * A file's bytes in one read where the system allows (readFile reads in
 * 512 KiB pieces, each a trip through libuv's thread pool: at 100× the docs
 * the file is tens of megabytes).
 *
 * Read into shared memory, which V8 does not count towards its next
 * collection (backing-store.h, PerIsolateAccountingLength), where it counts
 * every other buffer: the index lives as long as the process and holds no
 * object, so counting it only brought V8's first full collection forward,
 * into the first search (`npm run bench`, case (g); figures:
 * docs/decisions/0003-many-pages-sidebar-folders-in-part.md). Nothing shares
 * it with another thread.
 */
async function readWhole(file: string): Promise<Uint8Array> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}

export type PrebuiltSearch = { found: true; data: Uint8Array } | { found: false; why: string };

export async function readPrebuiltSearch(root: string, expectedHash: string | undefined): Promise<PrebuiltSearch> {
  if (!expectedHash) return { found: false, why: 'the build recorded no content fingerprint' };
  let bytes: Uint8Array;
  try {
    bytes = await readWhole(path.join(root, prebuiltSearchFile));
  } catch {
    return { found: false, why: `${prebuiltSearchFile} is missing (the build ran without scripts/build-search-data.mjs)` };
  }
  const meta = searchDataMeta(bytes);
  // The fingerprint is the content's; a file written by an older search core has the same one.
  if (!meta) return { found: false, why: `${prebuiltSearchFile} is not in this search core's format (${searchDataFormat})` };
  if (meta.contentHash !== expectedHash) return { found: false, why: `${prebuiltSearchFile} was made from other content than this build's pages` };
  return { found: true, data: bytes };
}

/** The production server's index, and whether it is the build's file. */
export interface ProductionSearchIndex {
  /** The index: the one made before the build, else made from the pages now, with a warning saying why. */
  load(): Promise<unknown>;
  /**
   * Whether `load` answers the build's file (a read: a server waits for it
   * before it answers) rather than an index made from the pages (seconds: a
   * server answers meanwhile). Settles once the file has been read and
   * checked, never rejects.
   */
  fromFile: Promise<boolean>;
}

/**
 * The search core's index on a production server. The file is read once,
 * when this is made; without it, `fromPages` makes the index from the
 * pages (lib/docs/search-index.ts), and a `load` after a failed one makes
 * it again.
 */
export function productionSearchIndex(
  fromPages: () => Promise<unknown>,
  root = process.cwd(),
  expectedHash = process.env.SVC_CONTENT_HASH,
): ProductionSearchIndex {
  const prebuilt = readPrebuiltSearch(root, expectedHash);
  return {
    async load() {
      const read = await prebuilt;
      if (read.found) return read.data;
      consoleLog('warn', `search index: ${read.why}; making it from the pages now`);
      return fromPages();
    },
    fromFile: prebuilt.then((read) => read.found, () => false),
  };
}
