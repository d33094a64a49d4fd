import { describe, expect, it } from 'vitest';
import {
  appPageSchema,
  desktopPageSchema,
  desktopRowSchema,
  releaseSchema,
  roomPageSchema,
  searchResponseSchema,
} from '@/lib/core/schemas';
import { desktops } from '@/lib/catalog';
import { createCursorCodec } from '@/lib/core/cursor';
import { appRows, desktopRows, installAnswer, roomRows } from '@/lib/core/installs';
import { paginate } from '@/lib/core/pagination';
import { createSandbox } from '@/lib/core/sandbox';
import { fixtureFlakeDesktop } from '../fixtures/flake-desktop';
import { problemStatus } from '@/lib/http/problem-codes';

const origin = 'https://layer.example';
const cursors = createCursorCodec('lists-test-secret-0123456789');

describe('desktop rows', () => {
  it('has one valid row per desktop, URL desktops pinned, community desktops through /layer.sh with their flag', () => {
    const rows = desktopRows(origin);
    expect(rows.map((row) => row.desktop)).toEqual(['layer', ...desktops.map((desktop) => desktop.name)]);
    for (const row of rows) expect(desktopRowSchema.safeParse(row).success).toBe(true);
    // spec "Other shapes": `pins` is null for the layer installer that asks; its line is the plain /layer.sh.
    expect(rows[0]).toEqual({
      desktop: 'layer',
      title: 'Layer installer',
      author: null,
      blurb: 'Installs the layer with no desktop and asks which desktop to build.',
      rooms: null,
      pins: null,
      install: `curl -fsSL ${origin}/layer.sh | sh`,
      flag: null,
      docs_url: '/docs/install#layersh',
    });
    // The spec names no author for the URL desktops: none is invented.
    for (const row of rows.slice(1)) expect(row.author).toBeNull();
    expect(rows.find((row) => row.desktop === 'hacker')).toMatchObject({
      pins: 'hacker',
      flag: null,
      install: `curl -fsSL ${origin}/hacker.sh | sh`,
      docs_url: '/docs/desktops#hacker',
    });
    // A desktop in its own repository: a fixture (the site ships none).
    const withFlake = desktopRows(origin, [...desktops, fixtureFlakeDesktop]);
    expect(withFlake.find((row) => row.desktop === 'studio')).toMatchObject({
      pins: null,
      rooms: ['apps', 'appearance'],
      flag: '--desktop=github:example-owner/studio-desktop',
      install: `curl -fsSL ${origin}/layer.sh | sh -s -- --desktop=github:example-owner/studio-desktop`,
    });
    for (const row of withFlake) expect(desktopRowSchema.safeParse(row).success).toBe(true);
  });

  it('answers one desktop, the gallery, or unknown_desktop naming the valid ones', () => {
    expect(installAnswer('minimal', origin)).toMatchObject({ ok: true, value: { desktops: [{ desktop: 'minimal' }] } });
    const gallery = installAnswer(undefined, origin);
    expect(gallery.ok && gallery.value.desktops).toEqual(desktopRows(origin));
    expect(installAnswer('layer', origin)).toEqual({ ok: true, value: { desktops: [desktopRows(origin)[0]] } });
    const unknown = installAnswer('gamer', origin);
    expect(unknown.ok ? 'ok' : [unknown.error.code, problemStatus[unknown.error.code]]).toEqual(['unknown_desktop', 404]);
    expect(unknown.ok ? '' : unknown.error.detail).toContain('`layer`, `hacker`, `everyday`, `minimal`');
  });
});

describe('room and app rows', () => {
  it('lists rooms with their namespaces and docs pages', () => {
    const windows = roomRows().find((row) => row.room === 'windows');
    expect(windows).toEqual({ room: 'windows', title: 'Windows', namespaces: ['layer.windows', 'layer.hotCorners'], docs_url: '/docs/rooms/windows' });
  });

  it('lists apps with their release metadata and download URLs', () => {
    expect(appRows().find((row) => row.app === 'pounce')).toMatchObject({
      release_url: '/v1/releases/pounce',
      download_url: '/download/pounce',
      repository_url: 'https://github.com/layer-desktop/pounce',
    });
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);

  it('walks every row once with a total and a null cursor on the last page', () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ReturnType<typeof paginate<number>> = paginate(rows, { list: 'numbers', limit: 5, cursor, cursors });
      if (!page.ok) throw new Error(page.error.code);
      expect(page.value.total).toBe(23);
      seen.push(...page.value.items);
      cursor = page.value.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(rows);
    expect(pages).toBe(5);
  });

  it('defaults to 10 and refuses a cursor of another list, a forged one, or a bad limit', () => {
    const first = paginate(rows, { list: 'desktops', cursors });
    expect(first.ok && first.value.items).toHaveLength(10);
    const cursor = first.ok ? first.value.next_cursor! : '';
    const codes = [
      paginate(rows, { list: 'rooms', cursor, cursors }),
      paginate(rows, { list: 'desktops', cursor: `${cursor}x`, cursors }),
      paginate(rows, { list: 'desktops', cursor, cursors, sandbox: true }),
      paginate(rows, { list: 'desktops', limit: 0, cursors }),
    ].map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes).toEqual(['invalid_cursor', 'invalid_cursor', 'invalid_cursor', 'invalid_parameter']);
  });
});

describe('sandbox', () => {
  const sandbox = createSandbox({ cursors });

  it('answers releases from fixtures, byte-identical, and unknown_app otherwise', () => {
    for (const app of ['pounce', 'perch']) {
      const first = sandbox.release(app);
      expect(first.ok && releaseSchema.safeParse(first.value).success).toBe(true);
      expect(first.ok && first.value.sandbox).toBe(true);
      expect(JSON.stringify(sandbox.release(app))).toBe(JSON.stringify(first));
    }
    for (const app of ['prowl', 'toString', '__proto__']) {
      const result = sandbox.release(app);
      expect(result.ok ? 'ok' : result.error.code).toBe('unknown_app');
    }
  });

  it('filters the fixed hits by q, pages them deterministically, and still requires q', () => {
    const all = sandbox.search({ q: 'layer', limit: 50 });
    expect(all.ok && searchResponseSchema.safeParse(all.value).success).toBe(true);
    expect(all.ok && all.value.sandbox).toBe(true);
    const total = all.ok ? all.value.total : 0;
    expect(total).toBeGreaterThan(2);

    const first = sandbox.search({ q: 'layer', limit: 2 });
    expect(JSON.stringify(sandbox.search({ q: 'layer', limit: 2 }))).toBe(JSON.stringify(first));
    const second = sandbox.search({ q: 'layer', cursor: first.ok ? first.value.next_cursor : null });
    expect(second.ok && second.value.results.map((hit) => hit.url)).toEqual(all.ok && all.value.results.slice(2, 4).map((hit) => hit.url));

    const glow = sandbox.search({ q: 'glow.spread' });
    expect(glow.ok && glow.value.results[0]?.breadcrumbs).toEqual(['Docs', 'Rooms', 'Appearance', 'layer.wallpaper.glow.spread']);
    expect(sandbox.search({ q: 'zzzz-nothing' })).toMatchObject({ ok: true, value: { total: 0, results: [], next_cursor: null } });
    const missing = sandbox.search({ q: '' });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('missing_query');
  });

  it('pages the lists with sandbox set', () => {
    const page = sandbox.desktops({ origin, limit: 2 });
    expect(page.ok && desktopPageSchema.safeParse(page.value).success).toBe(true);
    expect(page.ok && page.value).toMatchObject({ sandbox: true, total: desktops.length + 1 });
    // Every page size walks the gallery's rows (the layer installer's included) once, in order.
    for (const limit of [1, 2, 3, 4, 5]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: ReturnType<typeof sandbox.desktops> = sandbox.desktops({ origin, limit, cursor });
        if (!next.ok) throw new Error(next.error.code);
        seen.push(...next.value.items.map((row) => row.desktop));
        cursor = next.value.next_cursor;
      } while (cursor);
      expect(seen).toEqual(desktopRows(origin).map((row) => row.desktop));
    }
    const rooms = sandbox.rooms({});
    expect(rooms.ok && roomPageSchema.safeParse(rooms.value).success).toBe(true);
    const apps = sandbox.apps({});
    expect(apps.ok && appPageSchema.safeParse(apps.value).success).toBe(true);
  });
});
