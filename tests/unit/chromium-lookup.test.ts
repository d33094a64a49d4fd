import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { debianPath, findChromium, isExecutableFile, macPaths, type LookupOptions } from '../helpers/chromium';

/**
 * The one Chromium lookup (scripts/find-chromium.mjs): $CHROMIUM_PATH, else
 * $CHROME_PATH (when set, the only candidate), then Playwright's own browser,
 * /usr/bin/chromium, Chromium.app and Google Chrome.app; missing files are
 * skipped. The file system is stubbed except where real files are the point.
 */
const root = path.resolve(import.meta.dirname, '../..');
const playwrightPath = '/home/someone/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

function lookup(existing: string[], options: Omit<LookupOptions, 'isExecutable'> = {}) {
  const present = new Set(existing);
  return findChromium({ env: {}, playwrightPath: () => playwrightPath, isExecutable: (file) => present.has(file), ...options });
}

describe('Chromium lookup order', () => {
  it('takes CHROMIUM_PATH over everything else', () => {
    const result = lookup(['/opt/my/chrome', playwrightPath, debianPath, ...macPaths], {
      env: { CHROMIUM_PATH: '/opt/my/chrome', CHROME_PATH: '/opt/other/chrome' },
    });
    expect(result).toMatchObject({ found: true, path: '/opt/my/chrome', source: 'CHROMIUM_PATH' });
  });

  it('takes CHROME_PATH when CHROMIUM_PATH is unset or empty', () => {
    for (const env of [{ CHROME_PATH: '/opt/other/chrome' }, { CHROMIUM_PATH: '', CHROME_PATH: '/opt/other/chrome' }]) {
      const result = lookup(['/opt/other/chrome', debianPath], { env });
      expect(result).toMatchObject({ found: true, path: '/opt/other/chrome', source: 'CHROME_PATH' });
    }
  });

  it('does not fall back when the variable names a missing file (the choice was explicit)', () => {
    const result = lookup([playwrightPath, debianPath], { env: { CHROMIUM_PATH: '/nope' } });
    expect(result).toEqual({
      found: false,
      reason: 'variable',
      variable: 'CHROMIUM_PATH',
      path: '/nope',
      tried: [{ path: '/nope', source: 'CHROMIUM_PATH' }],
    });
  });

  it("uses Playwright's own Chromium when it was downloaded", () => {
    expect(lookup([playwrightPath, debianPath])).toMatchObject({ found: true, path: playwrightPath, source: 'playwright' });
  });

  it("skips Playwright's path when the browser was never downloaded, or Playwright cannot be loaded", () => {
    expect(lookup([debianPath])).toMatchObject({ found: true, path: debianPath, source: 'debian' });
    expect(lookup([debianPath], { playwrightPath: () => undefined })).toMatchObject({ found: true, path: debianPath });
  });

  it('then the macOS apps, Chromium.app before Google Chrome.app', () => {
    expect(lookup([...macPaths])).toMatchObject({ found: true, path: macPaths[0], source: 'macos' });
    expect(lookup([macPaths[1]])).toMatchObject({ found: true, path: macPaths[1], source: 'macos' });
    expect(macPaths[0]).toBe('/Applications/Chromium.app/Contents/MacOS/Chromium');
    expect(macPaths[1]).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
  });

  it('reports every place it looked, in order, when nothing exists', () => {
    const result = lookup([]);
    expect(result).toMatchObject({ found: false, reason: 'none' });
    expect(result.tried.map((candidate) => candidate.path)).toEqual([playwrightPath, debianPath, ...macPaths]);
  });
});

describe('Chromium lookup on real files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chromium-lookup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const executable = path.join(dir, 'chrome');
  writeFileSync(executable, '#!/bin/sh\n');
  chmodSync(executable, 0o755);
  const plain = path.join(dir, 'not-executable');
  writeFileSync(plain, '');
  chmodSync(plain, 0o644);
  const folder = path.join(dir, 'Chromium.app');
  mkdirSync(folder);

  it('counts only executable regular files', () => {
    expect(isExecutableFile(executable)).toBe(true);
    expect(isExecutableFile(folder)).toBe(false);
    expect(isExecutableFile(path.join(dir, 'missing'))).toBe(false);
    // root may execute any file with an x bit, but this one has none
    expect(isExecutableFile(plain)).toBe(false);
  });

  it('skips candidates that are missing or not executable', () => {
    const result = findChromium({ env: {}, playwrightPath: () => path.join(dir, 'missing') });
    // Whatever this machine has, the missing Playwright path was tried first and not chosen.
    expect(result.tried[0]).toEqual({ path: path.join(dir, 'missing'), source: 'playwright' });
    if (result.found) expect(result.path).not.toBe(path.join(dir, 'missing'));
  });

  it('prints the path as a program (the shell scripts use it), and exits 2 for a wrong CHROMIUM_PATH', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(root, 'scripts/find-chromium.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: '', CHROME_PATH: '', ...env },
      });
    const found = run({ CHROMIUM_PATH: executable });
    expect(found.status).toBe(0);
    expect(found.stdout.trim()).toBe(executable);

    const wrong = run({ CHROMIUM_PATH: plain });
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toContain(`CHROMIUM_PATH=${plain} is not an executable file`);
  });
});
