import type { Release, SearchHit, SearchResponse } from '@/lib/core/schemas';
import { appRepositoryUrl, findApp, findDesktop, findRoom } from '@/lib/catalog';
import { findOption, optionUrl } from '@/lib/catalog/options';
import type { CoreError } from './core-error';
import { nextCursor, resolvePagePosition, type CursorCodec, type CursorScope } from './cursor';
import { installAnswer, type InstallAnswer } from './installs';
import { catalogLists, type CatalogLists } from './lists';
import { unknownAppError } from './releases';
import { err, ok, type Result } from './result';
import { plainText } from '@/lib/search/excerpt';
import { checkQuery, type SearchInput } from './search';

/**
 * Sandbox answers (/docs/api, "Sandbox"): deterministic sample
 * payloads, byte-identical on every call, with no live release lookup and
 * no search index. They validate input exactly like the live reads, so a
 * client can rehearse its error handling too.
 */

/**
 * A hit's breadcrumbs as the live index makes them (lib/search/engine.ts
 * `sectionParts`): the docs tree's root, its folders, the page's title, then
 * the section's heading. The root is the name Fumadocs gives a tree whose
 * meta.json has no title; the titles are the pages' own.
 * tests/server/sandbox-shape.test.ts checks each fixture against the live index.
 */
const docsRootCrumb = 'Docs';
const crumbs = (...trail: string[]) => [docsRootCrumb, ...trail];

function optionHit(name: string, score: number): SearchHit {
  const option = findOption(name);
  const room = option && findRoom(option.room);
  if (!option || !room) throw new Error(`sandbox fixture names unknown option ${name}`);
  return {
    url: optionUrl(option),
    breadcrumbs: crumbs('Rooms', room.title, option.name),
    excerpt: `Type: ${plainText(option.type)} · Default: ${plainText(option.default)}${option.rules ? `. ${plainText(option.rules)}` : ''}`,
    score,
  };
}

/** A desktop's or an app's section, headed by its name, on the page that lists them. */
function catalogHit(entry: { name: string; docsPath: string; blurb: string }, pageTitle: string, score: number): SearchHit {
  return { url: entry.docsPath, breadcrumbs: crumbs(pageTitle, entry.name), excerpt: entry.blurb, score };
}

/**
 * The fixed hits the sandbox search filters, made from the catalog (so they
 * state only what the site states); scores are distinct so the order is plain.
 */
const sandboxHits: readonly SearchHit[] = [
  optionHit('layer.windows.accordionPadding', 9120),
  optionHit('layer.wallpaper.glow.spread', 8410),
  optionHit('layer.theme.flavor', 7305),
  catalogHit(findDesktop('hacker')!, 'Desktops', 6240),
  catalogHit(findApp('pounce')!, 'Mac apps: pounce and perch', 5180),
  catalogHit(findApp('perch')!, 'Mac apps: pounce and perch', 4075),
  {
    url: '/docs',
    breadcrumbs: crumbs('Introduction'),
    excerpt: 'The layer rebuilds a whole Mac from one text file. Install it with /layer.sh, which asks which desktop to build.',
    score: 2950,
  },
];

/** Sample releases (marked `sandbox: true`) on the configured app repositories. */
function sandboxRelease(name: 'pounce' | 'perch', tag: string, asset: string, size: number, publishedAt: string): Release {
  const app = findApp(name)!;
  return { tag, asset, size, url: `${appRepositoryUrl(app)}/releases/download/${tag}/${asset}`, publishedAt, sandbox: true };
}

const sandboxReleases: Readonly<Record<string, Release>> = {
  pounce: sandboxRelease('pounce', 'v2026.11.20', 'Pounce-2026.11.20.dmg', 8_421_337, '2026-11-20T14:03:11Z'),
  perch: sandboxRelease('perch', 'v2026.11.14', 'Perch-2026.11.14.dmg', 5_130_902, '2026-11-14T09:41:27Z'),
};

const matchesQuery = (hit: SearchHit, words: readonly string[]) => {
  const haystack = `${hit.url} ${hit.breadcrumbs.join(' ')} ${hit.excerpt}`.toLowerCase();
  return words.some((word) => haystack.includes(word));
};

/** The sandbox's answers: the fixtures above, and the lists (lib/core/lists.ts) marked as the sandbox's. */
export interface Sandbox extends CatalogLists {
  search(input: SearchInput): Result<SearchResponse, CoreError>;
  release(app: string): Result<Release, CoreError>;
  installAnswer(desktop: string | undefined, origin: string): Result<InstallAnswer, CoreError>;
}

export function createSandbox({ cursors }: { cursors: CursorCodec }): Sandbox {
  return {
    search(input) {
      const checked = checkQuery(input.q);
      if (!checked.ok) return checked;
      const q = checked.value;
      const scope: CursorScope = { kind: 'search', q, sandbox: true };
      const position = resolvePagePosition(cursors, scope, input);
      if (!position.ok) return position;
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = sandboxHits.filter((hit) => matchesQuery(hit, words));
      const { offset, limit } = position.value;
      return ok({
        query: q,
        results: structuredClone(hits.slice(offset, offset + limit)),
        next_cursor: nextCursor(cursors, scope, position.value, hits.length),
        total: hits.length,
        sandbox: true,
      });
    },

    release(app) {
      const release = Object.hasOwn(sandboxReleases, app) ? sandboxReleases[app] : undefined;
      return release ? ok({ ...release }) : err(unknownAppError(app));
    },

    installAnswer: (desktop, origin) => installAnswer(desktop, origin),

    ...catalogLists({ cursors, sandbox: true }),
  };
}
