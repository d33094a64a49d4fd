import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The hash sources of the inline scripts the prerendered pages run, written
 * into the build directory by scripts/prepare-page-scripts.mjs once it has
 * prepared the pages (lib/docs-build/page-scripts.ts), and read by the server
 * at start for the pages' Content-Security-Policy.
 */
export const pageScriptHashesFile = 'page-script-hashes.json';

/**
 * The build's script hash sources, or undefined when its pages were not
 * prepared (no file, or not one the step writes). `next start` runs in the
 * project directory, where the build directory is.
 */
export function readPageScriptSources(distDir = process.env.NEXT_DIST_DIR || '.next'): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(distDir, pageScriptHashesFile), 'utf8'));
  } catch {
    return undefined;
  }
  const sources = (parsed as { scriptSources?: unknown } | null)?.scriptSources;
  if (!Array.isArray(sources) || !sources.every((source) => typeof source === 'string' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(source))) return undefined;
  return sources as string[];
}
