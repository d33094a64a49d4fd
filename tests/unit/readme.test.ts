import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is read in two minutes: at most 1,500 words, no paragraph over
 * 120 (code blocks and tables aside). The reasons behind the site live in
 * decision records (docs/decisions/), one short file each.
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('README', () => {
  it('is at most 1,500 words', () => {
    expect(words(readme)).toBeLessThanOrEqual(1500);
  });

  it('has no paragraph over 120 words, code blocks and tables aside', () => {
    const prose = readme.replace(/^```[\s\S]*?^```$/gm, '');
    const long = prose
      .split(/\n\s*\n/)
      .filter((block) => !block.trim().startsWith('|'))
      .filter((block) => words(block) > 120)
      .map((block) => `${words(block)} words: ${block.slice(0, 80)}…`);
    expect(long).toEqual([]);
  });

  it('starts with what the site is, then the two commands', () => {
    expect(readme.indexOf('## Two commands')).toBeGreaterThan(0);
    expect(readme.indexOf('npm ci && npm run dev')).toBeLessThan(readme.indexOf('npm ci && npm test'));
  });
});
