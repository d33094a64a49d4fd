import type { z } from 'zod';
import type { appRowSchema, DesktopRow, installAnswerSchema, roomRowSchema } from '@/lib/core/schemas';
import {
  appRepositoryUrl,
  apps,
  desktopFlag,
  desktops,
  findDesktop,
  installLine,
  layerInstaller,
  layerInstallLine,
  pinnedDesktop,
  rooms,
  type Desktop,
} from '@/lib/catalog';
import { CoreError } from './core-error';
import { downloadRoute, v1 } from '@/lib/routes';
import { err, ok, type Result } from './result';

/**
 * The catalog as rows of /v1/desktops, /v1/rooms and /v1/apps, and the
 * install answer of the `install` batch operation and the MCP tool
 * `get_install_command` (/docs/install: /layer.sh asks, URL
 * desktops pin themselves; a desktop in its own repository installs through
 * /layer.sh with `--desktop=<flakeref>`). Links are site-relative like search hits;
 * install lines are absolute because they are pasted into a shell.
 */

export type InstallAnswer = z.infer<typeof installAnswerSchema>;
export type RoomRow = z.infer<typeof roomRowSchema>;
export type AppRow = z.infer<typeof appRowSchema>;

function desktopRow(desktop: Desktop, origin: string): DesktopRow {
  return {
    desktop: desktop.name,
    title: desktop.title,
    author: desktop.author,
    blurb: desktop.blurb,
    rooms: desktop.rooms ? [...desktop.rooms] : null,
    pins: pinnedDesktop(desktop),
    install: installLine(desktop, origin),
    flag: desktopFlag(desktop),
    docs_url: desktop.docsPath,
  };
}

/**
 * The layer installer's row (/docs/api/catalog, "/v1/desktops"): `pins` is
 * null because /layer.sh pre-answers nothing and asks; its line is the plain
 * /layer.sh one, with no flag.
 */
function layerInstallerRow(origin: string): DesktopRow {
  return {
    desktop: layerInstaller.name,
    title: layerInstaller.title,
    author: null,
    blurb: layerInstaller.blurb,
    rooms: null,
    pins: null,
    install: layerInstallLine(origin),
    flag: null,
    docs_url: layerInstaller.docsPath,
  };
}

/**
 * The gallery's rows: the layer installer first, then one row per desktop in
 * gallery order. `origin` is the public origin of the install lines.
 */
export function desktopRows(origin: string, gallery: readonly Desktop[] = desktops): DesktopRow[] {
  return [layerInstallerRow(origin), ...gallery.map((desktop) => desktopRow(desktop, origin))];
}

/** The names a caller may ask for: the layer installer's and every desktop's. */
const galleryNames = () => [layerInstaller.name, ...desktops.map((desktop) => desktop.name)];

function unknownDesktopError(name: string): CoreError {
  const valid = galleryNames()
    .map((entry) => `\`${entry}\``)
    .join(', ');
  return new CoreError('unknown_desktop', `\`${name}\` is not a desktop in the gallery. The gallery's rows are ${valid}.`);
}

/** The named row (a desktop, or `layer` for the plain installer), or every row when none is named. */
export function installAnswer(desktop: string | undefined, origin: string): Result<InstallAnswer, CoreError> {
  if (desktop === undefined) return ok({ desktops: desktopRows(origin) });
  if (desktop === layerInstaller.name) return ok({ desktops: [layerInstallerRow(origin)] });
  const found = findDesktop(desktop);
  return found ? ok({ desktops: [desktopRow(found, origin)] }) : err(unknownDesktopError(desktop));
}

export function roomRows(): RoomRow[] {
  return rooms.map((room) => ({
    room: room.id,
    title: room.title,
    namespaces: [...room.namespaces],
    docs_url: room.docsPath,
  }));
}

export function appRows(): AppRow[] {
  return apps.map((app) => ({
    app: app.name,
    title: app.title,
    blurb: app.blurb,
    release_url: v1.release(app.name),
    download_url: downloadRoute(app.name),
    repository_url: appRepositoryUrl(app),
    docs_url: app.docsPath,
  }));
}
