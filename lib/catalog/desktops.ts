import { z } from 'zod';
import { docsPageUrl, installerRoute } from '@/lib/routes';
import { roomIdSchema } from './rooms';

/**
 * Desktops are data-only presets (/docs/desktops). Three
 * install from their own URL (/{name}.sh) with the desktop pinned; a desktop
 * that lives in its own repository installs through /layer.sh with
 * `--desktop=<flakeref>`.
 *
 * This list is the gallery the site shows, /v1/desktops serves and the MCP
 * tool returns. Maintainers add a desktop from its own repository by adding a
 * `flake` entry here (/docs/desktops, "Adding a desktop to the gallery");
 * the site ships none, because none is named by the reference.
 * Fields the reference does not state for a desktop are left out (`author`
 * and `rooms` are null) rather than guessed.
 */
export const urlDesktopNames = ['hacker', 'everyday', 'minimal'] as const;
export type UrlDesktopName = (typeof urlDesktopNames)[number];

/** The plain installer: installs the layer and asks which desktop to build. */
export const layerInstallerName = 'layer';

/**
 * The plain installer as the first row of the gallery (/docs/api/catalog,
 * "/v1/desktops": the first row, `layer`, has `pins` null and asks). It is
 * not a desktop: it pins nothing, so its row has `pins: null` and no flag.
 */
export const layerInstaller = {
  name: layerInstallerName,
  title: 'Layer installer',
  blurb: 'Installs the layer with no desktop and asks which desktop to build.',
  docsPath: `${docsPageUrl(['install'])}#layersh`,
} as const;

const isUrlDesktopName = (value: string): value is UrlDesktopName =>
  (urlDesktopNames as readonly string[]).includes(value);

const desktopSourceSchema = z.discriminatedUnion('kind', [
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

export const desktopSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/),
    title: z.string().min(1),
    /** Who made the desktop; null when nothing states it (no author is named for the URL desktops). */
    author: z.string().min(1).nullable(),
    blurb: z.string().min(1),
    /** Rooms this desktop turns on; null while its maintainers have not stated them. */
    rooms: z.array(roomIdSchema).min(1).nullable(),
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

/** What the reference says of the three URL desktops: their names, and that their URL pins them; it names no author. */
const urlDesktop = (name: UrlDesktopName, title: string) => ({
  name,
  title,
  author: null,
  blurb: `The ${name} desktop. Its installer, ${installerRoute(name)}, installs the layer with this desktop pinned.`,
  rooms: null,
  source: { kind: 'url' as const },
  docsPath: desktopDocsPath(name),
});

export const desktops: readonly Desktop[] = desktopSchema
  .array()
  .parse([urlDesktop('hacker', 'Hacker'), urlDesktop('everyday', 'Everyday'), urlDesktop('minimal', 'Minimal')]);

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
