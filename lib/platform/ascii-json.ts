import { isAscii } from 'node:buffer';
import { readFile } from 'node:fs/promises';

/**
 * The JSON file the build writes for the servers (.search/docs-data.json),
 * which a new server process reads on its first text view. It is written
 * as ASCII, every other character as a `\u` escape (RFC 8259 §7, which
 * JSON.parse reads back to the same string), so a reader takes the bytes as
 * Latin-1, a plain copy, instead of decoding UTF-8, which is much slower
 * for a large file (figures:
 * docs/decisions/0002-docs-data-and-search-index-before-next-build.md).
 * (The search index is now binary, lib/search/index-format.ts, and decodes
 * only what it reads.)
 * Imports Node's modules only, so the build script loads it with type stripping.
 */
export const asciiJson = (value: unknown): string =>
  // Astral characters are two UTF-16 units, each escaped on its own: a surrogate pair JSON reads back whole.
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The text of a JSON file: as Latin-1 when it is ASCII, else as UTF-8 (a file written by hand or by an older build). */
export async function readJsonText(file: string): Promise<string> {
  const bytes = await readFile(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
