import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A fingerprint of the docs content: SHA-256 over every file under `dir`
 * (its path relative to `dir`, then its bytes), in path order. The search
 * index made before a build records it (scripts/build-search-data.mjs) and
 * next.config.mjs records it for the build itself, so a server never loads
 * an index made from other content than its pages (lib/search/prebuilt-index.ts).
 * Plain JavaScript: next.config.mjs imports it.
 *
 * @param {string} dir
 * @returns {string}
 */
export function contentHash(dir) {
  const hash = createHash('sha256');
  eachFile(dir, (file, name) => hash.update(`${name}\0`).update(readFileSync(file)).update('\0'));
  return hash.digest('base64url');
}

/**
 * What the file system says of every file under `dir` (its path, size and
 * modification time), without reading one: it changes whenever an editor
 * saves a file, so `next dev` hashes the content again (contentHash) only
 * then, not on every request (lib/docs-source/dev-docs.ts).
 *
 * @param {string} dir
 * @returns {string}
 */
export function contentStamp(dir) {
  const parts = /** @type {string[]} */ ([]);
  eachFile(dir, (file, name) => {
    const stat = statSync(file, { bigint: true });
    parts.push(`${name}\0${stat.size}\0${stat.mtimeNs}`);
  });
  return parts.join('\n');
}

/**
 * Every file under `dir`, in path order, with its path relative to `dir` (`/`-separated).
 *
 * @param {string} dir
 * @param {(file: string, name: string) => void} visit
 */
function eachFile(dir, visit) {
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) visit(file, path.relative(dir, file).split(path.sep).join('/'));
    }
  };
  walk(dir);
}
