import { z } from 'zod';
import { docsPageUrl } from '@/lib/routes';

/**
 * Rooms group the layer's options; each room owns one or more namespaces.
 * This list is the single source for the docs, the home page, /v1/rooms and
 * the MCP tools, so a namespace appears in exactly one room.
 */
export const roomIds = ['apps', 'appearance', 'displays', 'development', 'windows'] as const;
export type RoomId = (typeof roomIds)[number];

export const roomIdSchema = z.enum(roomIds);

export const roomSchema = z.object({
  id: roomIdSchema,
  title: z.string().min(1),
  summary: z.string().min(1),
  /** Full option namespaces, e.g. `layer.wallpaper`. */
  namespaces: z.array(z.string().regex(/^layer\.[a-z][A-Za-z]*$/)).min(1),
  /** Site-relative URL of the room's docs page. */
  docsPath: z.string().startsWith('/'),
});
export type Room = z.infer<typeof roomSchema>;

const roomDocsPath = (id: RoomId) => docsPageUrl(['rooms', id]);

export const rooms: readonly Room[] = roomSchema.array().parse([
  {
    id: 'apps',
    title: 'Apps',
    summary: 'Which apps are installed, from the App Store and from Homebrew, and what happens to the ones you did not declare.',
    namespaces: ['layer.appStore', 'layer.apps', 'layer.homebrew'],
    docsPath: roomDocsPath('apps'),
  },
  {
    id: 'appearance',
    title: 'Appearance',
    summary: 'Palette and accent, wallpaper, fonts, accessibility, animations, screenshots and sound.',
    namespaces: [
      'layer.appearance',
      'layer.theme',
      'layer.wallpaper',
      'layer.fonts',
      'layer.accessibility',
      'layer.animations',
      'layer.screenshots',
      'layer.sound',
    ],
    docsPath: roomDocsPath('appearance'),
  },
  {
    id: 'displays',
    title: 'Displays',
    summary: 'Interface scaling per panel and the arrangement of several displays.',
    namespaces: ['layer.displays'],
    docsPath: roomDocsPath('displays'),
  },
  {
    id: 'development',
    title: 'Development',
    summary: 'Terminal and editor, browser policies, local HTTPS names, developer tooling and a webhook receiver for the code host.',
    namespaces: ['layer.terminal', 'layer.zen', 'layer.portless', 'layer.developer', 'layer.github'],
    docsPath: roomDocsPath('development'),
  },
  {
    id: 'windows',
    title: 'Windows',
    summary: 'Window layout, the desktop and hot corners.',
    namespaces: ['layer.windows', 'layer.hotCorners'],
    docsPath: roomDocsPath('windows'),
  },
]);

export const isRoomId = (value: unknown): value is RoomId => roomIdSchema.safeParse(value).success;

export function findRoom(id: string): Room | undefined {
  return rooms.find((room) => room.id === id);
}

/** The room that owns a full option name such as `layer.wallpaper.glow.spread`. */
export function roomOfOption(option: string): Room | undefined {
  return rooms.find((room) =>
    room.namespaces.some((namespace) => option === namespace || option.startsWith(`${namespace}.`)),
  );
}
