import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * When each file of the docs content last changed: the committer date of
 * the last commit that touched it, as `git log -1 --format=%cI -- <file>`
 * gives it, found for every file by one `git log --name-only` over the
 * content folder. The committer date rather than the author date: it is
 * when the change entered the history being built, so a commit written
 * last week and rebased, cherry-picked or squashed onto the branch today
 * dates the page today; an author date there would move a page's date back
 * behind a date clients already hold, and their `If-Modified-Since` would
 * then keep a stale copy (RFC 9110 §13.1.3).
 *
 * A file no commit touched (a new page not yet committed), or every file
 * when there is no history (a tarball, no `.git`, no git), is dated by its
 * modification time, and the result says which and why. Dates are ISO 8601
 * in UTC to the whole second, the resolution of an HTTP date.
 *
 * scripts/build-search-data.mjs writes them into the docs data
 * (lib/docs-source/docs-data.ts); under `next dev` route-docs.ts asks
 * `contentDatesWatcher` on request. Imports Node's modules only, so the
 * build script loads it with type stripping.
 */
export interface ContentDates {
  /** Each file's date by its path under the content folder (`rooms/appearance.mdx`). */
  dates: Map<string, string>;
  /** Files dated by their modification time, and why. */
  fellBack: { file: string; reason: string }[];
  /**
   * Files dated by the oldest commit of a shallow clone: that commit holds
   * every file it did not change since, so they may have changed earlier.
   */
  shallow: string[];
}

/** ISO 8601 in UTC, whole seconds: `2026-11-20T14:03:11Z`. */
export const isoSecond = (time: number | string | Date): string => new Date(Math.floor(new Date(time).getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

interface GitHistory {
  /** The newest commit touching each file: its date, and whether it is a shallow clone's boundary. */
  files: Map<string, { date: string; boundary: boolean }>;
}

function run(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) resolve(stdout);
      else reject(Object.assign(error, { stderr }));
    });
  });
}

/** Why git gave no history here, in a few words for the build log. */
function whyNoHistory(error: unknown): string {
  const { code, stderr } = error as { code?: unknown; stderr?: string };
  if (code === 'ENOENT') return 'git is not installed';
  if (/not a git repository/i.test(stderr ?? '')) return 'not a git repository';
  if (/does not have any commits/i.test(stderr ?? '')) return 'no commits yet';
  return `git failed: ${(stderr ?? String(error)).trim().split('\n')[0]}`;
}

/**
 * The newest commit touching each file under `dir`, by path relative to
 * `dir`, from one pass over its history. Commits come newest first (git
 * log's order, the order `-1` picks from), so a file's first appearance is
 * its date. `-c` lists what a merge itself changed (files that differ
 * from every parent), which is when the path-limited history that `git log
 * -1 -- <file>` walks shows a merge too.
 */
async function gitHistory(dir: string): Promise<GitHistory> {
  const [log, info] = await Promise.all([
    // Whatever the user's configuration: names unquoted and from the repository's root, no signature lines.
    run(dir, ['-c', 'core.quotepath=off', '-c', 'log.showSignature=false', 'log', '-c', '--no-renames', '--no-relative', '--name-only', '--format=%x00%H %cI', '--', '.']),
    run(dir, ['rev-parse', '--is-shallow-repository', '--show-prefix', '--git-path', 'shallow']),
  ]);
  const [isShallow, prefix = '', shallowFile] = info.split('\n');
  const boundaries = new Set(isShallow === 'true' && shallowFile ? (await readFile(path.resolve(dir, shallowFile), 'utf8')).split('\n').filter(Boolean) : []);
  const files: GitHistory['files'] = new Map();
  for (const entry of log.split('\0').slice(1)) {
    const [head, ...names] = entry.split('\n');
    const [hash, committed] = head!.split(' ');
    const date = isoSecond(committed!);
    const boundary = boundaries.has(hash!);
    // Names are relative to the repository (`--relative` is not applied to a merge's list).
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const file = name.slice(prefix.length);
      if (file && !files.has(file)) files.set(file, { date, boundary });
    }
  }
  return { files };
}

/**
 * Synchronous on purpose: `next dev` asks on every render of a docs page, and
 * an awaited `stat` there split the page's render across event-loop turns.
 * React's development Flight client, once a turn has passed, follows every
 * row still pending with a promise whose creation its async hooks record with
 * a stack trace, a cost paid on every render. A `statSync` of a page's file
 * takes microseconds.
 */
function datesOf(dir: string, files: readonly string[], history: GitHistory | { error: string }): ContentDates {
  const result: ContentDates = { dates: new Map(), fellBack: [], shallow: [] };
  for (const file of files) {
    const known = 'files' in history ? history.files.get(file) : undefined;
    if (known) {
      result.dates.set(file, known.date);
      if (known.boundary) result.shallow.push(file);
      continue;
    }
    result.dates.set(file, isoSecond(statSync(path.join(dir, file)).mtimeMs));
    result.fellBack.push({ file, reason: 'error' in history ? history.error : 'not committed' });
  }
  return result;
}

const historyOrWhy = (dir: string) => gitHistory(dir).catch((error: unknown) => ({ error: whyNoHistory(error) }));

/** The dates of `files` (paths under `dir`, with `/`), for the build. */
export async function contentDates(dir: string, files: readonly string[]): Promise<ContentDates> {
  return datesOf(dir, files, await historyOrWhy(dir));
}

/**
 * The dates as `contentDates` finds them, for a server that keeps running
 * while commits are made (`next dev`): the history pass is made again only
 * when git's state changes (HEAD, the index or HEAD's reflog, which every
 * commit, checkout, reset and merge writes: a few `stat` calls per ask),
 * and files it does not know are dated by their modification time on every
 * ask, so an edited new page shows its edit.
 */
export function contentDatesWatcher(dir: string): (files: readonly string[]) => Promise<ContentDates> {
  const gitDir = run(dir, ['rev-parse', '--absolute-git-dir']).then(
    (out) => out.trim(),
    () => undefined,
  );
  let last: { key: string; history: Promise<GitHistory | { error: string }> } | undefined;
  // Synchronous stats, for the reason `datesOf` gives.
  const stateKey = async () => {
    const folder = await gitDir;
    if (!folder) return 'no git';
    return ['HEAD', 'index', path.join('logs', 'HEAD')]
      .map((name) => {
        const info = statSync(path.join(folder, name), { throwIfNoEntry: false });
        return info ? `${info.mtimeMs}:${info.size}` : '-';
      })
      .join('|');
  };
  return async (files) => {
    const key = await stateKey();
    if (last?.key !== key) last = { key, history: historyOrWhy(dir) };
    return datesOf(dir, files, await last.history);
  };
}

/**
 * The build log's line: how many pages are dated by git, how many fell back
 * to their modification time and why (naming a few), and how long it took.
 */
export function datesLogLine(result: ContentDates, pages: readonly string[], ms: number): string {
  const isPage = new Set(pages);
  const fellBack = result.fellBack.filter(({ file }) => isPage.has(file));
  const shallow = result.shallow.filter((file) => isPage.has(file));
  const parts = [`last-changed dates of ${pages.length} pages: ${pages.length - fellBack.length} from git history`];
  if (fellBack.length > 0) {
    const byReason = new Map<string, string[]>();
    for (const { file, reason } of fellBack) byReason.set(reason, [...(byReason.get(reason) ?? []), file]);
    const reasons = [...byReason].map(([reason, files]) => `${reason}: ${files.length === pages.length ? 'every page' : named(files)}`);
    parts.push(`${fellBack.length} fell back to the file's modification time (${reasons.join('; ')})`);
  }
  if (shallow.length > 0) {
    parts.push(`${shallow.length} dated by the oldest commit of a shallow clone, which may be later than their last change (fetch the full history)`);
  }
  return `${parts.join(', ')} (${Math.round(ms)} ms)`;
}

const named = (files: readonly string[]) => (files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`);
