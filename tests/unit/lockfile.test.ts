import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` installs exactly what package-lock.json lists. A lockfile written
 * on one platform may lack the native packages of another (npm then has
 * nothing to install on the Mac, and the build fails there). This checks the
 * lockfile is complete for the four platforms the project supports: every
 * optional dependency resolves to a lockfile entry, and each family of native
 * builds has an entry whose os/cpu fit each platform.
 */
const root = path.resolve(import.meta.dirname, '../..');

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  link?: boolean;
  optionalDependencies?: Record<string, string>;
}

const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};
const packages = lockfile.packages;

const platforms = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
] as const;

/** Native build families: prefix of the platform packages' names; `required` families must be in the lockfile. */
const families = [
  { prefix: '@next/swc-', required: true },
  { prefix: '@tailwindcss/oxide-', required: true },
  { prefix: '@unrs/resolver-binding-', required: true },
  { prefix: '@yuku-analyzer/binding-', required: true },
  { prefix: '@esbuild/', required: false },
  { prefix: '@rolldown/binding-', required: false },
  { prefix: 'lightningcss-', required: false },
  { prefix: '@img/sharp-', required: false },
];

/** The package name of a lockfile key: what follows its last `node_modules/`. */
function nameOf(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Node's resolution inside the lockfile: from the package at `from`, look in
 * its own node_modules, then in each enclosing node_modules up to the root.
 */
function resolveIn(all: Record<string, unknown>, from: string, dependency: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = dir === '' ? `node_modules/${dependency}` : `${dir}/node_modules/${dependency}`;
    if (key in all) return key;
    if (dir === '') return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

/** npm's os/cpu rule: a list of allowed values, or of `!value` exclusions. A missing list does not count here. */
function allows(list: string[] | undefined, value: string): boolean {
  if (list === undefined || list.length === 0) return false;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((item) => !item.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

type Packages = Record<string, LockEntry>;

const withOptionalIn = (all: Packages) => Object.entries(all).filter(([, entry]) => entry.optionalDependencies !== undefined);

/** Optional dependencies with no lockfile entry, and exact pins locked at another version. */
function optionalGaps(all: Packages): { unresolved: string[]; wrongVersion: string[] } {
  const unresolved: string[] = [];
  const wrongVersion: string[] = [];
  for (const [key, entry] of withOptionalIn(all)) {
    for (const [dependency, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const resolved = resolveIn(all, key, dependency);
      if (resolved === undefined) {
        unresolved.push(`${key || '(root)'} → ${dependency}@${range}`);
        continue;
      }
      const version = all[resolved].version;
      if (/^\d+\.\d+\.\d+$/.test(range) && version !== undefined && version !== range) {
        wrongVersion.push(`${key || '(root)'} → ${dependency}@${range} resolves to ${resolved}@${version}`);
      }
    }
  }
  return { unresolved, wrongVersion };
}

/**
 * For one family: every package that lists members of it (not the members
 * themselves, e.g. sharp's per-platform libvips builds) must reach a member
 * whose os/cpu fit each platform. Problems found, as lines.
 */
function familyGaps(all: Packages, family: { prefix: string; required: boolean }): string[] {
  const members = Object.keys(all).filter((key) => key !== '' && nameOf(key).startsWith(family.prefix));
  if (members.length === 0) return family.required ? [`no ${family.prefix}* entries in the lockfile`] : [];
  const parents = withOptionalIn(all).filter(
    ([key, entry]) =>
      !nameOf(key).startsWith(family.prefix) && Object.keys(entry.optionalDependencies ?? {}).some((name) => name.startsWith(family.prefix)),
  );
  if (parents.length === 0) return [`no package lists ${family.prefix}* as optional dependencies`];
  const gaps: string[] = [];
  for (const [key, entry] of parents) {
    const resolved = Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => name.startsWith(family.prefix))
      .map((name) => resolveIn(all, key, name))
      .filter((found): found is string => found !== undefined);
    for (const platform of platforms) {
      // Any libc will do on Linux (a glibc or a musl build).
      const fits = resolved.some((found) => allows(all[found].os, platform.os) && allows(all[found].cpu, platform.cpu));
      if (!fits) gaps.push(`${key} (${family.prefix}*): nothing for ${platform.os}-${platform.cpu}`);
    }
  }
  return gaps;
}

describe('package-lock.json is complete for darwin-arm64, darwin-x64, linux-x64 and linux-arm64', () => {
  it('is a lockfile v2 or v3 with a packages map', () => {
    expect(lockfile.lockfileVersion).toBeGreaterThanOrEqual(2);
    expect(Object.keys(packages).length).toBeGreaterThan(100);
  });

  it('has an entry for every optional dependency of every package', () => {
    expect(withOptionalIn(packages).length).toBeGreaterThan(0);
    const { unresolved, wrongVersion } = optionalGaps(packages);
    expect(unresolved, 'optional dependencies missing from the lockfile (regenerate it so every platform is listed)').toEqual([]);
    expect(wrongVersion, 'optional dependencies pinned to one version but locked at another').toEqual([]);
  });

  for (const family of families) {
    it(`lists ${family.prefix}* builds for every platform wherever they are depended on`, () => {
      expect(familyGaps(packages, family)).toEqual([]);
    });
  }
});

describe('the checks themselves', () => {
  it('resolve node_modules paths the way Node does', () => {
    const all = { 'node_modules/a': 1, 'node_modules/a/node_modules/@s/b': 1, 'node_modules/c': 1, 'node_modules/@s/b/node_modules/c': 1 };
    expect(resolveIn(all, '', 'a')).toBe('node_modules/a');
    expect(resolveIn(all, 'node_modules/a', '@s/b')).toBe('node_modules/a/node_modules/@s/b');
    expect(resolveIn(all, 'node_modules/a/node_modules/@s/b', 'c')).toBe('node_modules/c');
    expect(resolveIn(all, 'node_modules/@s/b', 'c')).toBe('node_modules/@s/b/node_modules/c');
    expect(resolveIn(all, 'node_modules/c', '@s/b')).toBeUndefined();
  });

  it('catch a lockfile written on Linux that lacks the macOS builds', () => {
    const next = { 'node_modules/next': { version: '16.0.0', optionalDependencies: {} as Record<string, string> } };
    const all: Packages = { '': {}, ...next };
    for (const [name, os, cpu, libc] of [
      ['@next/swc-darwin-arm64', 'darwin', 'arm64', undefined],
      ['@next/swc-linux-x64-gnu', 'linux', 'x64', 'glibc'],
      ['@next/swc-linux-arm64-musl', 'linux', 'arm64', 'musl'],
    ] as const) {
      next['node_modules/next'].optionalDependencies[name] = '16.0.0';
      all[`node_modules/${name}`] = { version: '16.0.0', os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
    }
    // Listed by next but with no entry: the case `npm ci` cannot install on that platform.
    next['node_modules/next'].optionalDependencies['@next/swc-darwin-x64'] = '16.0.0';
    expect(optionalGaps(all).unresolved).toEqual(['node_modules/next → @next/swc-darwin-x64@16.0.0']);
    expect(familyGaps(all, { prefix: '@next/swc-', required: true })).toEqual(['node_modules/next (@next/swc-*): nothing for darwin-x64']);
    expect(familyGaps(all, { prefix: '@tailwindcss/oxide-', required: true })).toEqual(['no @tailwindcss/oxide-* entries in the lockfile']);
    expect(familyGaps(all, { prefix: '@esbuild/', required: false })).toEqual([]);
  });

  it('read os/cpu lists as npm does, exclusions included', () => {
    expect(allows(['darwin'], 'darwin')).toBe(true);
    expect(allows(['!win32'], 'linux')).toBe(true);
    expect(allows(['!linux'], 'linux')).toBe(false);
    expect(allows(undefined, 'linux')).toBe(false);
  });
});
