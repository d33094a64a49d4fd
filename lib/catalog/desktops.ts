import { z } from 'zod';
import { docsPageUrl, installerRoute } from '@/lib/routes';
import { roomIdSchema } from './rooms';

/**
 * Desktops are data-only presets that turn rooms on. Three are made by the
 * layer project and install from their own URL (/{name}.sh); community
 * desktops live in their own repositories and install through /layer.sh with
 * `--desktop=<flakeref>`.
 */
export const urlDesktopNames = ['hacker', 'everyday', 'minimal'] as const;
export type UrlDesktopName = (typeof urlDesktopNames)[number];

/** The plain installer: installs the layer and asks which desktop to build. */
export const layerInstallerName = 'layer';

const isUrlDesktopName = (value: string): value is UrlDesktopName =>
  (urlDesktopNames as readonly string[]).includes(value);

export const desktopSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url') }),
  z.object({
    kind: z.literal('flake'),
    /** A flake reference such as `github:owner/repo`. */
    flakeref: z.string().regex(/^github:[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/),
    repository: z.url({ protocol: /^https$/, hostname: /^github\.com$/ }),
  })
  // The flag and the link must name the same repository.
  .refine((source) => source.repository.replace(/\/+$/, '') === `https://github.com/${source.flakeref.slice('github:'.length)}`, {
    message: 'flakeref and repository must name the same GitHub repository',
    path: ['repository'],
  }),
]);
export type DesktopSource = z.infer<typeof desktopSourceSchema>;

export const desktopSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/),
    title: z.string().min(1),
    author: z.string().min(1),
    blurb: z.string().min(1),
    /** Rooms this desktop turns on. */
    rooms: z.array(roomIdSchema).min(1),
    source: desktopSourceSchema,
    /** Site-relative URL of the desktop's section in the docs. */
    docsPath: z.string().startsWith('/'),
  })
  // Only the three project desktops have an installer URL; nothing else may claim one.
  .refine((desktop) => (desktop.source.kind === 'url') === isUrlDesktopName(desktop.name), {
    message: 'exactly the desktops hacker, everyday and minimal install by URL',
    path: ['source', 'kind'],
  })
  .refine((desktop) => desktop.name !== layerInstallerName, {
    message: '`layer` names the plain installer, not a desktop',
    path: ['name'],
  });
export type Desktop = z.infer<typeof desktopSchema>;

const desktopDocsPath = (name: string) => `${docsPageUrl(['desktops'])}#${name}`;

export const desktops: readonly Desktop[] = desktopSchema.array().parse([
  {
    name: 'hacker',
    title: 'Hacker',
    author: 'The layer project',
    blurb:
      'Every room on: tiled windows, a terminal-first Development room with editor, git tooling and local HTTPS names, and the dark palette.',
    rooms: ['apps', 'appearance', 'displays', 'development', 'windows'],
    source: { kind: 'url' },
    docsPath: desktopDocsPath('hacker'),
  },
  {
    name: 'everyday',
    title: 'Everyday',
    author: 'The layer project',
    blurb:
      'A calm, complete Mac for daily work: your apps, a theme and wallpaper, sensible display scaling and tidy windows, without developer tooling.',
    rooms: ['apps', 'appearance', 'displays', 'windows'],
    source: { kind: 'url' },
    docsPath: desktopDocsPath('everyday'),
  },
  {
    name: 'minimal',
    title: 'Minimal',
    author: 'The layer project',
    blurb: 'The smallest change to a stock Mac: a palette and a plain wallpaper, and nothing else turned on.',
    rooms: ['appearance'],
    source: { kind: 'url' },
    docsPath: desktopDocsPath('minimal'),
  },
  {
    name: 'inkwell',
    title: 'Inkwell',
    author: 'Mara Lindqvist',
    blurb:
      "A writer's desktop: the writing collection of apps, the light palette, large print and reduced motion, with little else to look at.",
    rooms: ['apps', 'appearance'],
    source: {
      kind: 'flake',
      flakeref: 'github:mlindqvist/inkwell-desktop',
      repository: 'https://github.com/mlindqvist/inkwell-desktop',
    },
    docsPath: desktopDocsPath('inkwell'),
  },
  {
    name: 'podium',
    title: 'Podium',
    author: 'Tomás Reyes',
    blurb:
      'For talks and screen recordings: larger text on the laptop panel, hidden desktop icons, silent interface sounds and screenshots without window shadows.',
    rooms: ['appearance', 'displays', 'windows'],
    source: {
      kind: 'flake',
      flakeref: 'github:treyes/podium',
      repository: 'https://github.com/treyes/podium',
    },
    docsPath: desktopDocsPath('podium'),
  },
]);

export function findDesktop(name: string): Desktop | undefined {
  return desktops.find((desktop) => desktop.name === name);
}

/**
 * Address of an installer script, optionally pinned to a release tag. A URL
 * with `?ref=` is single-quoted: zsh, the macOS default shell, treats an
 * unquoted `?` as a glob and stops with "no matches found".
 */
function installerAddress(origin: string, name: string, ref?: string): string {
  const url = `${origin}${installerRoute(name)}`;
  return ref ? `'${url}?ref=${ref}'` : url;
}

/** Options of the install lines: `ref` pins a release tag such as `v2026.11.01`. */
export interface InstallLineOptions {
  ref?: string;
}

/** `curl … | sh` line for the plain installer, which asks for a desktop. */
export const layerInstallLine = (origin: string, options: InstallLineOptions = {}) =>
  `curl -fsSL ${installerAddress(origin, layerInstallerName, options.ref)} | sh`;

/** The `--desktop=<flakeref>` flag of a desktop in its own repository; null for URL desktops. */
export function desktopFlag(desktop: Desktop): string | null {
  return desktop.source.kind === 'flake' ? `--desktop=${desktop.source.flakeref}` : null;
}

/** The desktop a URL installer pre-answers; null for flake desktops, which go through /layer.sh. */
export function pinnedDesktop(desktop: Desktop): UrlDesktopName | null {
  return desktop.source.kind === 'url' && isUrlDesktopName(desktop.name) ? desktop.name : null;
}

/** The one line that installs the layer with this desktop. */
export function installLine(desktop: Desktop, origin: string, options: InstallLineOptions = {}): string {
  const flag = desktopFlag(desktop);
  if (flag) return `${layerInstallLine(origin, options)} -s -- ${flag}`;
  return `curl -fsSL ${installerAddress(origin, desktop.name, options.ref)} | sh`;
}
