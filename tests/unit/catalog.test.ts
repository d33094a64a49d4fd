import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appNames,
  appSchema,
  apps,
  desktopFlag,
  desktopSchema,
  desktops,
  findApp,
  findDesktop,
  findRoom,
  installLine,
  isAppName,
  isRoomId,
  layerInstallLine,
  pinnedDesktop,
  roomOfOption,
  roomSchema,
  rooms,
  urlDesktopNames,
} from '@/lib/catalog';
import { docsPageUrl } from '@/lib/routes';
import { codeHostOwner } from '@/lib/site';
import { fixtureFlakeDesktop } from '../fixtures/flake-desktop';

const root = fileURLToPath(new URL('../..', import.meta.url));
const origin = 'https://layer.example';


describe('catalog schemas', () => {
  it('parse the catalog as shipped', () => {
    expect(() => roomSchema.array().parse(rooms)).not.toThrow();
    expect(() => desktopSchema.array().parse(desktops)).not.toThrow();
    expect(() => appSchema.array().parse(apps)).not.toThrow();
  });

  it('have unique names', () => {
    const lists: string[][] = [rooms.map((room) => room.id), desktops.map((desktop) => desktop.name), apps.map((app) => app.name)];
    for (const list of lists) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('refuse a URL desktop outside hacker, everyday and minimal', () => {
    const base = { title: 'X', author: 'X', blurb: 'X', rooms: ['apps'], docsPath: '/docs/desktops#x' };
    expect(desktopSchema.safeParse({ ...base, name: 'studio', source: { kind: 'url' } }).success).toBe(false);
    expect(
      desktopSchema.safeParse({
        ...base,
        name: 'hacker',
        source: { kind: 'flake', flakeref: 'github:someone/hacker', repository: 'https://github.com/someone/hacker' },
      }).success,
    ).toBe(false);
  });

  it('refuse a flake desktop whose repository is not its flakeref, or not on github.com over https', () => {
    const base = { name: 'studio', title: 'X', author: 'X', blurb: 'X', rooms: ['apps'], docsPath: '/docs/desktops#x' };
    const flake = (flakeref: string, repository: string) => ({ ...base, source: { kind: 'flake', flakeref, repository } });
    expect(desktopSchema.safeParse(flake('github:a/b', 'https://github.com/a/b')).success).toBe(true);
    expect(desktopSchema.safeParse(flake('github:a/b', 'https://github.com/a/c')).success).toBe(false);
    expect(desktopSchema.safeParse(flake('github:a/b', 'http://github.com/a/b')).success).toBe(false);
    expect(desktopSchema.safeParse(flake('github:a/b', 'https://gitlab.com/a/b')).success).toBe(false);
  });
});

describe('desktops', () => {
  it('install by URL exactly hacker, everyday and minimal', () => {
    const byUrl = desktops.filter((desktop) => desktop.source.kind === 'url').map((desktop) => desktop.name);
    expect(byUrl).toEqual([...urlDesktopNames]);
    expect(urlDesktopNames).toEqual(['hacker', 'everyday', 'minimal']);
  });

  it('ship no desktop the reference does not name, and no facts it does not state', () => {
    expect(desktops.map((desktop) => desktop.name)).toEqual(['hacker', 'everyday', 'minimal']);
    for (const desktop of desktops) expect(desktop.rooms).toBeNull();
  });

  it('build exact install lines', () => {
    expect(layerInstallLine(origin)).toBe('curl -fsSL https://layer.example/layer.sh | sh');
    for (const name of urlDesktopNames) {
      const desktop = findDesktop(name)!;
      expect(installLine(desktop, origin)).toBe(`curl -fsSL https://layer.example/${name}.sh | sh`);
      expect(pinnedDesktop(desktop)).toBe(name);
      expect(desktopFlag(desktop)).toBeNull();
    }
    // A desktop in its own repository (a test fixture: the site ships none).
    expect(desktopFlag(fixtureFlakeDesktop)).toBe('--desktop=github:example-owner/studio-desktop');
    expect(pinnedDesktop(fixtureFlakeDesktop)).toBeNull();
    expect(installLine(fixtureFlakeDesktop, origin)).toBe(
      'curl -fsSL https://layer.example/layer.sh | sh -s -- --desktop=github:example-owner/studio-desktop',
    );
  });

  it('quote a pinned release address so zsh does not glob the `?`', () => {
    expect(layerInstallLine(origin, { ref: 'v2026.11.01' })).toBe(
      "curl -fsSL 'https://layer.example/layer.sh?ref=v2026.11.01' | sh",
    );
    expect(installLine(findDesktop('hacker')!, origin, { ref: 'v2026.11.01-2' })).toBe(
      "curl -fsSL 'https://layer.example/hacker.sh?ref=v2026.11.01-2' | sh",
    );
  });

  it('turn on only known rooms and link to their section of the desktops page', () => {
    for (const desktop of [...desktops, fixtureFlakeDesktop]) {
      for (const room of desktop.rooms ?? []) expect(isRoomId(room)).toBe(true);
      expect(desktop.docsPath).toBe(`${docsPageUrl(['desktops'])}#${desktop.name}`);
    }
  });

  it('each have a heading and a details block on the desktops page', () => {
    const page = readFileSync(join(root, 'content/docs/desktops.mdx'), 'utf8');
    for (const desktop of desktops) {
      expect(page).toMatch(new RegExp(`^## ${desktop.name} \\[#${desktop.name}\\]$`, 'm'));
      expect(page).toContain(`<DesktopDetails name="${desktop.name}" />`);
    }
  });
});

describe('apps', () => {
  it('are exactly pounce and perch, in repositories named after them', () => {
    expect(apps.map((app) => app.name)).toEqual(['pounce', 'perch']);
    expect(appNames).toEqual(['pounce', 'perch']);
    for (const app of apps) {
      expect(app.repository).toEqual({ owner: codeHostOwner, repo: app.name });
      expect(app.docsPath).toBe(`${docsPageUrl(['apps'])}#${app.name}`);
      expect(findApp(app.name)).toBe(app);
    }
  });

  it('recognise app names', () => {
    expect(isAppName('pounce')).toBe(true);
    expect(isAppName('perch')).toBe(true);
    expect(isAppName('layer')).toBe(false);
    expect(isAppName(undefined)).toBe(false);
    expect(findApp('nope')).toBeUndefined();
  });

  it('each have a heading on the apps page', () => {
    const page = readFileSync(join(root, 'content/docs/apps.mdx'), 'utf8');
    for (const app of apps) expect(page).toMatch(new RegExp(`^## ${app.name} \\[#${app.name}\\]$`, 'm'));
  });
});

describe('rooms', () => {
  it('own the namespaces of the reference, each exactly once', () => {
    expect(Object.fromEntries(rooms.map((room) => [room.id, room.namespaces]))).toEqual({
      apps: ['layer.appStore', 'layer.apps', 'layer.homebrew'],
      appearance: [
        'layer.appearance',
        'layer.theme',
        'layer.wallpaper',
        'layer.fonts',
        'layer.accessibility',
        'layer.animations',
        'layer.screenshots',
        'layer.sound',
      ],
      displays: ['layer.displays'],
      development: ['layer.terminal', 'layer.zen', 'layer.portless', 'layer.developer', 'layer.github'],
      windows: ['layer.windows', 'layer.hotCorners'],
    });
    const all = rooms.flatMap((room) => room.namespaces);
    expect(new Set(all).size).toBe(all.length);
  });

  it('point at existing docs pages', () => {
    for (const room of rooms) {
      expect(room.docsPath).toBe(docsPageUrl(['rooms', room.id]));
      expect(existsSync(join(root, 'content/docs/rooms', `${room.id}.mdx`))).toBe(true);
    }
  });

  it('find the room of an option', () => {
    expect(roomOfOption('layer.wallpaper.glow.spread')?.id).toBe('appearance');
    expect(roomOfOption('layer.apps.zed.enable')?.id).toBe('apps');
    expect(roomOfOption('layer.appStore.install')?.id).toBe('apps');
    expect(roomOfOption('layer.hotCorners.topLeft')?.id).toBe('windows');
    expect(roomOfOption('layer.bar.logo.sweep')).toBeUndefined();
    expect(findRoom('displays')?.title).toBe('Displays');
  });
});
