import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiJson, readJsonText } from '@/lib/platform/ascii-json';

/** lib/platform/ascii-json.ts: the build's JSON as ASCII, read back to the same value, and any file read right. */
const value = {
  plain: 'layer.wallpaper.glow',
  // Latin-1, the BMP past it, an astral character (a surrogate pair), DEL, a lone surrogate, and escapes JSON has of its own.
  text: 'Type: enum · Default: “none” — café 日本 🪟 \u007f \ud800 "quoted" \\ \n',
  nested: [{ 'clé': ['…', 1, null, true] }],
};

function fileWith(text: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ascii-json-')), 'data.json');
  writeFileSync(file, text);
  return file;
}

describe('the build JSON files', () => {
  it('are written as ASCII and parse back to the same value', () => {
    const text = asciiJson(value);
    expect(/^[\x00-\x7e]*$/.test(text)).toBe(true);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('read back the same text, written as ASCII or as UTF-8', async () => {
    expect(JSON.parse(await readJsonText(fileWith(asciiJson(value))))).toEqual(value);
    expect(JSON.parse(await readJsonText(fileWith(JSON.stringify(value))))).toEqual(value);
  });
});
