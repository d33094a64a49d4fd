// The docs collection compiled for scripts/build-search-data.mjs: every page's
// frontmatter, search sections and processed markdown, and every meta.json,
// as Fumadocs MDX's server runtime gives them (lib/docs-source/docs-data.ts).
//
// Compiling the pages is most of that script's time, and it grows with the
// content: Node's module hooks (where Fumadocs MDX's loader runs) compile one
// page at a time on one thread. So with more than one core and enough pages,
// the pages are shared out: this process compiles one share while child
// processes (this file, forked) compile the others, and the pages are put back
// in the collection's order. The files and that order are the ones
// `fumadocs-mdx` wrote into .source/server.ts, which `next build` imports.
import { fork } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register as registerMdx } from 'fumadocs-mdx/node';
import { server } from 'fumadocs-mdx/runtime/server';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverFile = path.join(root, '.source', 'server.ts');

// A child's start (Node, the loaders, the MDX compiler and its plugins) costs
// as much as compiling dozens of pages, so it pays off only with a few dozen
// pages to share; fewer stay in this process.
const pagesPerChild = 40;

/** The collection as .source/server.ts lists it: its base folder, and each meta and page file with its import. */
export function collectionFiles(text = readFileSync(serverFile, 'utf8')) {
  const imports = new Map([...text.matchAll(/^import (?:\* as|\{ default as) (__fd_glob_\d+) \}? ?from "([^"]+)"/gm)].map((m) => [m[1], m[2]]));
  const call = /create\.docs\("docs", "([^"]+)", (\{[^}]*\}), (\{[^}]*\})\);/.exec(text);
  if (!call) throw new Error(`${serverFile}: no create.docs("docs", …) call; has Fumadocs MDX changed what it writes?`);
  const entries = (glob) =>
    [...glob.matchAll(/"([^"]+)": (__fd_glob_\d+)/g)].map(([, file, name]) => {
      const specifier = imports.get(name);
      if (!specifier) throw new Error(`${serverFile}: ${file} has no import`);
      return { file, url: new URL(specifier, pathToFileURL(serverFile)).href };
    });
  return { base: call[1], metas: entries(call[2]), pages: entries(call[3]) };
}

/**
 * Node's hooks for the site's TypeScript and for Fumadocs MDX's pages, before any of them is imported.
 * `outDir`: where Fumadocs MDX writes the compiled source.config (.source by default).
 */
export function registerLoaders({ outDir } = {}) {
  register('./ts-resolve-hook.mjs', import.meta.url);
  registerMdx(outDir ? { outDir } : {});
}

/** Pages compiled in this process, as lib/docs-source/docs-data.ts keeps them. */
async function compilePages(base, pages, contentHash) {
  const { docsDataOf } = await import('../lib/docs-source/docs-data.ts');
  const docs = await server().doc('docs', base, Object.fromEntries(pages.map(({ file, url }) => [file, () => import(url)])));
  return (await docsDataOf({ docs, meta: [] }, contentHash)).pages;
}

/**
 * The pages compiled in a forked child, for the share it is sent. The child's
 * answer crosses the channel in V8's serialization ('advanced'): with the
 * default (JSON), receiving a large share took as long as compiling it, on
 * the parent's one thread.
 */
function compileInChild(base, pages, contentHash) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--share'], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result;
    child.on('message', (message) => (result = message));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`a child compiling ${pages.length} pages exited with ${code}`))));
    child.send({ base, pages, contentHash });
  });
}

/**
 * Each entry's import with its file's modification time and size in the query
 * (`?collection=docs&v=…`): Node keeps a module per URL, so a file that did
 * not change is not compiled again, and one that did is.
 */
const stamped = (base, entries) =>
  entries.map((entry) => {
    const { mtimeMs, size } = statSync(path.resolve(root, base, entry.file));
    return { ...entry, url: `${entry.url}${entry.url.includes('?') ? '&' : '?'}v=${mtimeMs}-${size}` };
  });

/**
 * The docs data of the collection (lib/docs-source/docs-data.ts `DocsDataFile`),
 * in `shares` processes (default: one per core, at most one per 40 pages).
 * `stamp`: each file imported by its modification time (see `stamped`), for a
 * process that compiles the collection again after edits.
 */
export async function compileDocs(contentHash, { shares, stamp = false } = {}) {
  const files = collectionFiles();
  const { base } = files;
  const metas = stamp ? stamped(base, files.metas) : files.metas;
  const pages = stamp ? stamped(base, files.pages) : files.pages;
  const shareCount = shares ?? Math.max(1, Math.min(availableParallelism(), Math.floor(pages.length / pagesPerChild)));
  // Every share-th page, so heavy and light pages are spread alike.
  const groups = Array.from({ length: shareCount }, (_, share) => pages.map((page, index) => ({ ...page, index })).filter(({ index }) => index % shareCount === share));
  const [own, ...others] = groups;
  const compiled = await Promise.all([compilePages(base, own, contentHash), ...others.map((share) => compileInChild(base, share, contentHash))]);
  const byIndex = new Map(groups.flatMap((group, g) => group.map(({ index }, i) => [index, compiled[g][i]])));
  const meta = await server().meta('docs', base, Object.fromEntries(metas.map(({ file, url }) => [file, () => import(url).then((module) => module.default)])));
  const { docsDataOf } = await import('../lib/docs-source/docs-data.ts');
  return { ...(await docsDataOf({ docs: [], meta }, contentHash)), pages: pages.map((_, index) => byIndex.get(index)) };
}

// Under `next dev` (lib/docs-source/dev-docs.ts): one process for the server's lifetime, which compiles the
// collection when asked (`{ id, contentHash }`), only the files changed since, and answers `{ id, data }`
// or `{ id, error }`. The pages as the production build's docs data holds them (SVC_DOCS_DATA: no HTML
// stage), so the routes other than the docs page read the docs as they do in production, and their
// bundles do not compile the MDX again after each edit. Ends with the server (its channel closing).
if (process.argv.includes('--serve') && process.send) {
  process.chdir(root);
  process.env.SVC_DOCS_DATA = '1';
  // Its compiled config in the dev server's build folder, which the dev server does not watch: written in
  // .source (over the config `next dev` compiles the pages with, or beside it), it had the dev server
  // compile every page again.
  registerLoaders({ outDir: path.join(process.env.NEXT_DIST_DIR || '.next', 'dev-docs') });
  let queue = Promise.resolve();
  process.on('message', ({ id, contentHash }) => {
    queue = queue.then(() =>
      compileDocs(contentHash, { shares: 1, stamp: true }).then(
        (data) => process.send({ id, data }),
        (error) => process.send({ id, error: String(error?.stack ?? error) }),
      ),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv.includes('--share') && process.send) {
  process.chdir(root);
  registerLoaders();
  process.once('message', async ({ base, pages, contentHash }) => {
    process.send(await compilePages(base, pages, contentHash), () => process.disconnect());
  });
}
