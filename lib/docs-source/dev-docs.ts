import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash, contentStamp } from '@/lib/platform/content-hash.mjs';
import { keptForLast } from '@/lib/platform/kept-for-last';
import type { UndatedDocsData } from './docs-data';

/**
 * The docs as data under `next dev`, for every route but the docs page: the
 * data a production build writes before `next build` (lib/docs-source/docs-data.ts),
 * made by one child process for the server's lifetime (scripts/compile-docs.mjs
 * `--serve`) when a route asks and the content changed, only the changed files
 * compiled again.
 *
 * Why not the collection, as the docs page reads it: each server bundle that
 * imports the collection compiles the MDX in its own layer, and every route a
 * browser or a test asked once (/api/search, /v1/…) stays subscribed, so each
 * edit was compiled again for them, on the same core, before the page
 * showed it. Here an edit costs those routes nothing until one of them is asked.
 *
 * The child runs on the `node` devDependency (Node 24) for its type stripping,
 * as scripts/build-search-data.mjs does. A production server never loads this
 * module (lib/docs-source/route-docs.ts decides at build time).
 */

type Answer = { id: number; data: UndatedDocsData } | { id: number; error: string };

interface Compiler {
  child: ChildProcess;
  next: number;
  waiting: Map<number, { resolve(data: UndatedDocsData): void; reject(error: Error): void }>;
  /** The data of the content's last key (`${hash} ${mtime}`); a failed compile (a syntax error being typed) is tried again. */
  compiled: (key: string) => Promise<UndatedDocsData>;
  /** The fingerprint of content/docs, hashed again only when a file's size or time changed (its stamp). */
  hashed: (stamp: string) => string;
}

// One per process, on globalThis: a route module re-evaluated after a code edit keeps the child and what it compiled.
const slot = Symbol.for('svc.dev-docs-compiler');
type CompilerHolder = { [slot]?: Compiler };

function start(root: string): Compiler {
  const node = path.join(root, 'node_modules', '.bin', 'node');
  // Without the inherited NODE_OPTIONS (next dev's source maps and heap size are for the server).
  const env = { ...process.env, NODE_OPTIONS: '' };
  const script = path.join(root, 'scripts', 'compile-docs.mjs');
  const child = fork(script, ['--serve'], {
    cwd: root,
    execPath: existsSync(node) ? node : process.execPath,
    execArgv: [],
    env,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const content = path.join(root, 'content', 'docs');
  const compiler: Compiler = {
    child,
    next: 0,
    waiting: new Map(),
    compiled: keptForLast((key: string) => ask(compiler, key.split(' ')[0]!)),
    hashed: keptForLast(() => contentHash(content)),
  };
  child.on('message', (answer: Answer) => {
    const waiter = compiler.waiting.get(answer.id);
    compiler.waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(`scripts/compile-docs.mjs --serve: ${answer.error}`));
    else waiter?.resolve(answer.data);
  });
  const gone = (why: string) => {
    const holder = globalThis as CompilerHolder;
    if (holder[slot] === compiler) holder[slot] = undefined;
    for (const { reject } of compiler.waiting.values()) reject(new Error(`scripts/compile-docs.mjs --serve ${why}`));
    compiler.waiting.clear();
  };
  child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
  child.on('error', (error) => gone(`failed: ${error.message}`));
  // The server's exit does not wait for it; the child ends when its channel closes.
  child.unref();
  return compiler;
}

function ask(compiler: Compiler, hash: string): Promise<UndatedDocsData> {
  return new Promise((resolve, reject) => {
    const id = (compiler.next += 1);
    compiler.waiting.set(id, { resolve, reject });
    compiler.child.send({ id, contentHash: hash });
  });
}

/**
 * The docs data of the content as it is now: compiled again only when a file
 * under content/docs changed (its fingerprint, lib/platform/content-hash.mjs,
 * taken again only when the file system's stamp of the folder changed)
 * or Fumadocs MDX rewrote .source/server.ts (a page added or removed).
 */
export function devDocsData(root: string): Promise<UndatedDocsData> {
  const holder = globalThis as CompilerHolder;
  const compiler = (holder[slot] ??= start(root));
  // Every docs-data request asks; reading every file each time would cost tens of ms at thousands of pages.
  const hash = compiler.hashed(contentStamp(path.join(root, 'content', 'docs')));
  const listed = statSync(path.join(root, '.source', 'server.ts'), { throwIfNoEntry: false });
  return compiler.compiled(`${hash} ${listed?.mtimeMs ?? '-'}`);
}
