import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A fingerprint of the docs content: SHA-256 over every file under `dir`
 * (its path relative to `dir`, then its bytes), in path order. The search
 * index made before a build records it (scripts/build-search-data.mjs) and
 * next.config.mjs records it for the build itself, so a server never loads
 * an index made from other content than its pages (lib/docs/search-prebuilt.ts).
 * Plain JavaScript: next.config.mjs imports it.
 *
 * @param {string} dir
 * @returns {string}
 */
export function contentHash(dir) {
  const hash = createHash('sha256');
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) hash.update(`${path.relative(dir, file).split(path.sep).join('/')}\0`).update(readFileSync(file)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('base64url');
}
