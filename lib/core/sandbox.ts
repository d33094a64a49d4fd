import type { DesktopRow, Release, SearchHit, SearchResponse } from '@/lib/core/schemas';
import { findApp, findDesktop, findRoom } from '@/lib/catalog';
import type { ApiError } from '@/lib/http/problem';
import { nextCursor, resolvePagePosition, type CursorCodec, type CursorScope } from './cursor';
import { appRows, desktopRows, installAnswer, roomRows, type AppRow, type InstallAnswer, type RoomRow } from './installs';
import { paginate, type Page } from './pagination';
import { unknownAppError } from './releases';
import { err, ok, type Result } from './result';
import { checkQuery, type SearchInput } from './search';

/**
 * Sandbox answers (spec "Versioned REST", Sandbox): deterministic sample
 * payloads, byte-identical on every call, with no live release lookup and
 * no search index. They validate input exactly like the live reads, so a
 * client can rehearse its error handling too.
 */

const docsOf = {
  room: (id: string) => findRoom(id)?.docsPath ?? '/docs',
  desktop: (name: string) => findDesktop(name)?.docsPath ?? '/docs',
  app: (name: string) => findApp(name)?.docsPath ?? '/docs',
};

/** The fixed hits the sandbox search filters; scores are distinct so the order is plain. */
const sandboxHits: readonly SearchHit[] = [
  {
    url: `${docsOf.room('windows')}#layer.windows.accordionPadding`,
    breadcrumbs: ['Rooms', 'Windows', 'layer.windows.accordionPadding'],
    excerpt: 'Unsigned integer, points; default 80. Read only in accordion layout; 0 hides neighbours; needs layer.windows.enable.',
    score: 9120,
  },
  {
    url: `${docsOf.room('appearance')}#layer.wallpaper.glow.spread`,
    breadcrumbs: ['Rooms', 'Appearance', 'layer.wallpaper.glow.spread'],
    excerpt: 'glow.spread: number 0.2–4.0, default 1.15. The diameter of the glow as a multiple of the long edge of the picture.',
    score: 8410,
  },
  {
    url: `${docsOf.room('appearance')}#layer.theme.flavor`,
    breadcrumbs: ['Rooms', 'Appearance', 'layer.theme.flavor'],
    excerpt: 'layer.theme.flavor: `mocha` or `latte`, the dark or light palette; layer.theme.accent picks the accent colour of themed tools.',
    score: 7305,
  },
  {
    url: docsOf.desktop('hacker'),
    breadcrumbs: ['Desktops', 'Hacker'],
    excerpt: 'Every room on: tiled windows, a terminal-first Development room with editor, git tooling and local HTTPS names, and the dark palette.',
    score: 6240,
  },
  {
    url: docsOf.app('pounce'),
    breadcrumbs: ['Apps', 'Pounce'],
    excerpt: 'A keyboard-driven launcher and window switcher: type a few letters to open an app or jump to a window.',
    score: 5180,
  },
  {
    url: docsOf.app('perch'),
    breadcrumbs: ['Apps', 'Perch'],
    excerpt: 'A menu-bar shelf: drop files, links and snippets on it and pick them up again later.',
    score: 4075,
  },
  {
    url: '/docs',
    breadcrumbs: ['Introduction'],
    excerpt: 'The layer rebuilds a whole Mac from one text file. Install it with /layer.sh, which asks which desktop to build.',
    score: 2950,
  },
];

const sandboxReleases: Readonly<Record<string, Release>> = {
  pounce: {
    tag: 'v2026.11.20',
    asset: 'Pounce-2026.11.20.dmg',
    size: 8_421_337,
    url: 'https://github.com/layer-desktop/pounce/releases/download/v2026.11.20/Pounce-2026.11.20.dmg',
    publishedAt: '2026-11-20T14:03:11Z',
    sandbox: true,
  },
  perch: {
    tag: 'v2026.11.14',
    asset: 'Perch-2026.11.14.dmg',
    size: 5_130_902,
    url: 'https://github.com/layer-desktop/perch/releases/download/v2026.11.14/Perch-2026.11.14.dmg',
    publishedAt: '2026-11-14T09:41:27Z',
    sandbox: true,
  },
};

const matchesQuery = (hit: SearchHit, words: readonly string[]) => {
  const haystack = `${hit.url} ${hit.breadcrumbs.join(' ')} ${hit.excerpt}`.toLowerCase();
  return words.some((word) => haystack.includes(word));
};

export interface ListInput {
  limit?: number | null;
  cursor?: string | null;
}

export interface Sandbox {
  search(input: SearchInput): Result<SearchResponse, ApiError>;
  release(app: string): Result<Release, ApiError>;
  installAnswer(desktop: string | undefined, origin: string): Result<InstallAnswer, ApiError>;
  desktops(input: ListInput & { origin: string }): Result<Page<DesktopRow>, ApiError>;
  rooms(input: ListInput): Result<Page<RoomRow>, ApiError>;
  apps(input: ListInput): Result<Page<AppRow>, ApiError>;
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

    desktops: ({ origin, ...input }) => paginate(desktopRows(origin), { ...input, list: 'desktops', sandbox: true, cursors }),
    rooms: (input) => paginate(roomRows(), { ...input, list: 'rooms', sandbox: true, cursors }),
    apps: (input) => paginate(appRows(), { ...input, list: 'apps', sandbox: true, cursors }),
  };
}
