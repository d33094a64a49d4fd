// `npm run build` (after the link check, before `next build`): makes the
// search core's index from the docs as the build compiles them and writes it
// to .search/search-data.bin with the content's fingerprint
// (lib/search/build-index.ts, in the binary form of
// lib/search/index-writer.ts), so a server's first search reads it
// instead of making it. Runs on the `node` devDependency (Node 24, which npm
// puts first on PATH for npm scripts) for its type stripping: the pages are
// compiled by Fumadocs MDX's Node loader with source.config.ts, the same
// compiler and plugins as `next build`, and indexed by the site's own code
// (lib/search). Beside it, the docs
// as data (.search/docs-data.json, lib/docs-source/docs-data.ts): what every server
// route but the docs page reads in production, instead of compiling the MDX
// into its own bundle, with each page's last-changed date, which the docs
// page reads from it too.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postInstall } from 'fumadocs-mdx/next';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
// The pages compiled with their processed markdown and search sections,
// which `next build` leaves out of its own compile (source.config.ts).
process.env.SVC_DOCS_DATA = '1';
const started = performance.now();

// .source/server.ts lists every page of the docs collection, as `next build` reads it. scripts/build.mjs
// writes it once before starting this script and the link check side by side (SVC_SOURCE_WRITTEN), so
// neither reads the file while the other rewrites it.
if (process.env.SVC_SOURCE_WRITTEN !== '1') await postInstall();
const { collectionFiles, compileDocs, registerLoaders } = await import('./compile-docs.mjs');
registerLoaders();

const [
  { docsDataFile, docsSourceOf, datedDocsData },
  { contentDates, datesLogLine },
  { writeSearchIndex },
  { contentHash },
  { asciiJson },
] = await Promise.all([
  import('../lib/docs-source/docs-data.ts'),
  import('../lib/docs-source/last-modified.ts'),
  import('../lib/search/build-index.ts'),
  import('../lib/platform/content-hash.mjs'),
  import('../lib/platform/ascii-json.ts'),
]);

const contentDir = path.join(root, 'content', 'docs');
const hash = contentHash(contentDir);
// Each page's and meta.json's last-changed date from git's history (lib/docs-source/last-modified.ts).
const { pages: pageFiles, metas: metaFiles } = collectionFiles();
const datesStarted = performance.now();
const dates = await contentDates(contentDir, [...pageFiles, ...metaFiles].map(({ file }) => file));
console.log(`build-search-data: ${datesLogLine(dates, pageFiles.map(({ file }) => file), performance.now() - datesStarted)}`);
const docsData = datedDocsData(await compileDocs(hash), dates.dates);
// The docs source as the production routes make it from that file (lib/docs-source/route-docs.ts).
const source = docsSourceOf(docsData);
const index = await writeSearchIndex(root, source, hash);
// As ASCII, for a fast read in every new server process (lib/platform/ascii-json.ts).
writeFileSync(path.join(root, docsDataFile), asciiJson(docsData));
console.log(
  `build-search-data: ${index.sections} sections of ${source.getPages().length} pages in ${index.file} (${Math.round(performance.now() - started)} ms)`,
);
