import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentDates, contentDatesWatcher, datesLogLine, isoSecond } from '@/lib/docs-source/last-modified';

/**
 * lib/docs-source/last-modified.ts: a page's last-changed date is the
 * committer date of the last commit that touched its file, as
 * `git log -1 --format=%cI -- <file>` gives it; without history, the
 * file's modification time, which the build log says. Each case makes its
 * own repository in a temporary folder.
 */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'last-modified-'));
  folders.push(folder);
  return folder;
}

/** The environment less anything that points git at another repository (a hook's GIT_DIR). */
const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, GIT_INDEX_FILE: _index, ...environment } = process.env;

/** git with a fixed identity and no user or system configuration. */
function git(cwd: string, args: string[], dates?: { author: string; committer: string }): string {
  return execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...environment,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      ...(dates ? { GIT_AUTHOR_DATE: dates.author, GIT_COMMITTER_DATE: dates.committer } : {}),
    },
  });
}

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** The rule as one command per file, for comparison with the one pass. */
const lastCommitDate = (content: string, file: string) => isoSecond(git(content, ['log', '-1', '--format=%cI', '--', file]).trim());

/** A repository whose docs are under content/docs, with a file outside them. */
function repository(): { root: string; content: string } {
  const root = tempFolder();
  git(root, ['init', '-q', '-b', 'main']);
  write(root, 'content/docs/index.mdx', '# Home\n');
  write(root, 'content/docs/rooms/windows.mdx', '# Windows\n');
  write(root, 'content/docs/meta.json', '{}\n');
  write(root, 'README.md', 'Outside the docs.\n');
  git(root, ['add', '.']);
  // Written on the 1st, committed on the 2nd, in another zone than UTC.
  git(root, ['commit', '-q', '-m', 'first'], { author: '2026-11-01T10:00:00+02:00', committer: '2026-11-02T10:00:00+02:00' });
  write(root, 'content/docs/rooms/windows.mdx', '# Windows\n\nPadding.\n');
  write(root, 'README.md', 'Changed later, outside the docs.\n');
  git(root, ['commit', '-q', '-am', 'windows'], { author: '2026-11-03T08:00:00Z', committer: '2026-11-20T14:03:11Z' });
  write(root, 'README.md', 'Changed again.\n');
  git(root, ['commit', '-q', '-am', 'readme'], { author: '2026-11-25T08:00:00Z', committer: '2026-11-25T08:00:00Z' });
  return { root, content: path.join(root, 'content', 'docs') };
}

const files = ['index.mdx', 'rooms/windows.mdx', 'meta.json'];

describe('last-changed dates from git history', () => {
  it('are the committer date of the last commit touching each file, in UTC to the second', async () => {
    const { content } = repository();
    const result = await contentDates(content, files);
    expect(Object.fromEntries(result.dates)).toEqual({
      'index.mdx': '2026-11-02T08:00:00Z',
      // Its author date is the 3rd; it entered the history on the 20th.
      'rooms/windows.mdx': '2026-11-20T14:03:11Z',
      'meta.json': '2026-11-02T08:00:00Z',
    });
    expect(result.fellBack).toEqual([]);
    expect(result.shallow).toEqual([]);
    for (const file of files) expect(result.dates.get(file), file).toBe(lastCommitDate(content, file));
    expect(datesLogLine(result, ['index.mdx', 'rooms/windows.mdx'], 12.4)).toBe('last-changed dates of 2 pages: 2 from git history (12 ms)');
    // A repository configured to print names relative to the folder dates them the same.
    git(path.dirname(path.dirname(content)), ['config', 'diff.relative', 'true']);
    expect((await contentDates(content, files)).dates).toEqual(result.dates);
  });

  it('date a file by the merge that changed it, as `git log -1 -- <file>` does', async () => {
    const { root, content } = repository();
    git(root, ['checkout', '-q', '-b', 'side']);
    write(root, 'content/docs/index.mdx', '# Home\n\nFrom the side branch.\n');
    write(root, 'content/docs/rooms/windows.mdx', '# Windows\n\nSide.\n');
    git(root, ['commit', '-q', '-am', 'side'], { author: '2026-11-21T00:00:00Z', committer: '2026-11-21T00:00:00Z' });
    git(root, ['checkout', '-q', 'main']);
    write(root, 'content/docs/rooms/windows.mdx', '# Windows\n\nMain.\n');
    git(root, ['commit', '-q', '-am', 'main'], { author: '2026-11-22T00:00:00Z', committer: '2026-11-22T00:00:00Z' });
    // windows.mdx conflicts, and the merge writes a third text: the merge itself changed it.
    try {
      git(root, ['merge', '-q', 'side', '-m', 'merge'], { author: '2026-11-23T00:00:00Z', committer: '2026-11-23T00:00:00Z' });
    } catch {
      // The conflict, resolved below.
    }
    write(root, 'content/docs/rooms/windows.mdx', '# Windows\n\nBoth.\n');
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'merge'], { author: '2026-11-23T00:00:00Z', committer: '2026-11-23T00:00:00Z' });

    const result = await contentDates(content, files);
    expect(result.dates.get('rooms/windows.mdx')).toBe('2026-11-23T00:00:00Z');
    // Merged cleanly: the side branch's own commit.
    expect(result.dates.get('index.mdx')).toBe('2026-11-21T00:00:00Z');
    for (const file of files) expect(result.dates.get(file), file).toBe(lastCommitDate(content, file));
  });

  it('fall back to the modification time for a file no commit touched, and the log line says so', async () => {
    const { root, content } = repository();
    write(root, 'content/docs/rooms/new.mdx', '# New\n');
    utimesSync(path.join(content, 'rooms/new.mdx'), new Date('2026-11-27T12:00:00.750Z'), new Date('2026-11-27T12:00:00.750Z'));
    const result = await contentDates(content, [...files, 'rooms/new.mdx']);
    expect(result.dates.get('rooms/new.mdx')).toBe('2026-11-27T12:00:00Z');
    expect(result.dates.get('rooms/windows.mdx')).toBe('2026-11-20T14:03:11Z');
    expect(result.fellBack).toEqual([{ file: 'rooms/new.mdx', reason: 'not committed' }]);
    expect(datesLogLine(result, ['index.mdx', 'rooms/windows.mdx', 'rooms/new.mdx'], 15)).toBe(
      "last-changed dates of 3 pages: 2 from git history, 1 fell back to the file's modification time (not committed: rooms/new.mdx) (15 ms)",
    );
  });

  it('fall back to the modification time for every file without a repository (a tarball)', async () => {
    const content = tempFolder();
    write(content, 'index.mdx', '# Home\n');
    write(content, 'rooms/windows.mdx', '# Windows\n');
    utimesSync(path.join(content, 'index.mdx'), new Date('2026-11-05T01:02:03Z'), new Date('2026-11-05T01:02:03Z'));
    const result = await contentDates(content, ['index.mdx', 'rooms/windows.mdx']);
    expect(result.dates.get('index.mdx')).toBe('2026-11-05T01:02:03Z');
    expect(result.fellBack.map(({ reason }) => reason)).toEqual(['not a git repository', 'not a git repository']);
    expect(datesLogLine(result, ['index.mdx', 'rooms/windows.mdx'], 3)).toBe(
      "last-changed dates of 2 pages: 0 from git history, 2 fell back to the file's modification time (not a git repository: every page) (3 ms)",
    );
  });

  it('fall back to the modification time when git is not installed', async () => {
    const { content } = repository();
    const searchPath = process.env.PATH;
    process.env.PATH = tempFolder();
    try {
      const result = await contentDates(content, ['index.mdx']);
      expect(result.fellBack).toEqual([{ file: 'index.mdx', reason: 'git is not installed' }]);
    } finally {
      process.env.PATH = searchPath;
    }
  });

  it('name the files a shallow clone dates by its oldest commit', async () => {
    const { root } = repository();
    const clone = path.join(tempFolder(), 'clone');
    git(path.dirname(clone), ['clone', '-q', '--depth', '1', `file://${root}`, clone]);
    const result = await contentDates(path.join(clone, 'content', 'docs'), files);
    // The one commit the clone holds is the README's: every docs file seems changed then.
    expect(result.dates.get('rooms/windows.mdx')).toBe('2026-11-25T08:00:00Z');
    expect(result.shallow).toEqual(files);
    expect(datesLogLine(result, files, 9)).toBe(
      'last-changed dates of 3 pages: 3 from git history, 3 dated by the oldest commit of a shallow clone, which may be later than their last change (fetch the full history) (9 ms)',
    );
  });
});

describe('the dates under next dev', () => {
  it('follow a new commit and an edited new page without a restart', async () => {
    const { root, content } = repository();
    const datesNow = contentDatesWatcher(content);
    expect((await datesNow(files)).dates.get('index.mdx')).toBe('2026-11-02T08:00:00Z');

    write(root, 'content/docs/index.mdx', '# Home\n\nEdited.\n');
    git(root, ['commit', '-q', '-am', 'home'], { author: '2026-11-26T09:30:00Z', committer: '2026-11-26T09:30:00Z' });
    expect((await datesNow(files)).dates.get('index.mdx')).toBe('2026-11-26T09:30:00Z');

    write(root, 'content/docs/draft.mdx', '# Draft\n');
    utimesSync(path.join(content, 'draft.mdx'), new Date('2026-11-27T00:00:00Z'), new Date('2026-11-27T00:00:00Z'));
    expect((await datesNow([...files, 'draft.mdx'])).dates.get('draft.mdx')).toBe('2026-11-27T00:00:00Z');
    utimesSync(path.join(content, 'draft.mdx'), new Date('2026-11-28T00:00:00Z'), new Date('2026-11-28T00:00:00Z'));
    expect((await datesNow([...files, 'draft.mdx'])).dates.get('draft.mdx')).toBe('2026-11-28T00:00:00Z');
  });
});
