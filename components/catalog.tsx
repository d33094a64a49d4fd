import Link from 'next/link';
import {
  appRepositoryUrl,
  desktopFlag,
  desktops,
  findApp,
  findDesktop,
  findRoom,
  installLine,
  layerInstallLine,
  rooms,
  type Desktop,
  type RoomId,
} from '@/lib/catalog';
import { env, publicOrigin } from '@/lib/env';
import { downloadRoute, releaseAliasRoute, v1 } from '@/lib/routes';
import { InstallCommand } from './install-command';

/**
 * MDX components that render the catalog (lib/catalog), so the docs never
 * restate a blurb, a room list or an install line by hand. An unknown name
 * throws: a typo in a page fails the build instead of rendering nothing.
 *
 * Secondary text is neutral-600/400, not fd-muted-foreground: the theme's
 * light muted colour is about 4.2:1 on the card colour, below WCAG AA.
 */

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Unknown ${what} in the docs`);
  return value;
}

const origin = () => publicOrigin(env());

/** The rooms a desktop turns on, as links to their pages. */
function RoomLinks({ ids }: { ids: readonly RoomId[] }) {
  return (
    <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
      {ids.map((id) => {
        const room = must(findRoom(id), `room "${id}"`);
        return (
          <li key={id}>
            <Link
              href={room.docsPath}
              className="inline-block rounded-full border border-fd-border px-2 py-0.5 text-xs font-medium text-fd-foreground no-underline hover:bg-fd-accent focus-visible:outline-2 focus-visible:outline-fd-primary"
            >
              {room.title}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function desktopKind(desktop: Desktop) {
  return desktop.source.kind === 'url' ? 'Installs by URL' : 'Own repository';
}

/** Compact overview of every desktop, each linking to its section. */
export function DesktopGallery() {
  return (
    <ul className="not-prose my-6 grid list-none gap-3 p-0 sm:grid-cols-2">
      {desktops.map((desktop) => (
        <li key={desktop.name} className="rounded-lg border border-fd-border bg-fd-card p-4">
          <p className="flex items-baseline justify-between gap-2">
            <Link href={`#${desktop.name}`} className="font-semibold text-fd-foreground underline-offset-4 hover:underline">
              {desktop.name}
            </Link>
            <span className="text-xs text-neutral-600 dark:text-neutral-400">{desktopKind(desktop)}</span>
          </p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">by {desktop.author}</p>
          <p className="mt-2 text-sm">{desktop.blurb}</p>
        </li>
      ))}
    </ul>
  );
}

/** Author, blurb, rooms and install line of one desktop. */
export function DesktopDetails({ name }: { name: string }) {
  const desktop = must(findDesktop(name), `desktop "${name}"`);
  const flag = desktopFlag(desktop);
  return (
    <div className="not-prose my-4 space-y-3">
      <p className="text-fd-foreground">{desktop.blurb}</p>
      <dl className="grid grid-cols-[max-content_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-neutral-600 dark:text-neutral-400">Author</dt>
        <dd>{desktop.author}</dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Rooms</dt>
        <dd>
          <RoomLinks ids={desktop.rooms} />
        </dd>
        {desktop.source.kind === 'flake' && (
          <>
            <dt className="text-neutral-600 dark:text-neutral-400">Repository</dt>
            <dd>
              <a href={desktop.source.repository} className="underline underline-offset-4">
                {desktop.source.repository.replace(/^https:\/\//, '')}
              </a>
            </dd>
            <dt className="text-neutral-600 dark:text-neutral-400">Flag</dt>
            <dd>
              <code className="font-mono">{flag}</code>
            </dd>
          </>
        )}
      </dl>
      <InstallCommand command={installLine(desktop, origin())} label={`Copy the install line of ${desktop.name}`} />
    </div>
  );
}

/**
 * An install line from the catalog. Without `desktop` it is the plain
 * /layer.sh; `tag` pins a release tag with `?ref=`.
 */
export function InstallLine({ desktop, tag }: { desktop?: string; tag?: string }) {
  const options = tag ? { ref: tag } : {};
  if (!desktop) {
    return <InstallCommand command={layerInstallLine(origin(), options)} label="Copy the layer install line" />;
  }
  const entry = must(findDesktop(desktop), `desktop "${desktop}"`);
  return <InstallCommand command={installLine(entry, origin(), options)} label={`Copy the install line of ${entry.name}`} />;
}

/**
 * Any shell command that talks to this site: `{origin}` in `command` becomes
 * the public origin, so examples work on every deployment.
 */
export function SiteCommand({ command, label }: { command: string; label?: string }) {
  return <InstallCommand command={command.replaceAll('{origin}', origin())} label={label} />;
}

/** Blurb, repository, download and release metadata of one app. */
export function AppDetails({ name }: { name: string }) {
  const app = must(findApp(name), `app "${name}"`);
  const repository = appRepositoryUrl(app);
  return (
    <div className="not-prose my-4 space-y-3">
      <p className="text-fd-foreground">{app.blurb}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-neutral-600 dark:text-neutral-400">Download</dt>
        <dd>
          <a href={downloadRoute(app.name)} className="font-medium underline underline-offset-4">
            {downloadRoute(app.name)}
          </a>
        </dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Release metadata</dt>
        <dd className="font-mono">
          {v1.release(app.name)}
          <span className="font-sans text-neutral-600 dark:text-neutral-400"> or </span>
          {releaseAliasRoute(app.name)}
        </dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Repository</dt>
        <dd>
          <a href={repository} className="underline underline-offset-4">
            {repository.replace(/^https:\/\//, '')}
          </a>
        </dd>
      </dl>
    </div>
  );
}

/** Every room with its namespaces, linking to its page. */
export function RoomList() {
  return (
    <ul className="not-prose my-6 grid list-none gap-3 p-0 sm:grid-cols-2">
      {rooms.map((room) => (
        <li key={room.id} className="rounded-lg border border-fd-border bg-fd-card p-4">
          <Link href={room.docsPath} className="font-semibold text-fd-foreground underline-offset-4 hover:underline">
            {room.title}
          </Link>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{room.summary}</p>
          <p className="mt-2 flex flex-wrap gap-1.5">
            {room.namespaces.map((namespace) => (
              <code key={namespace} className="rounded bg-fd-muted px-1.5 py-0.5 font-mono text-xs">
                {namespace}
              </code>
            ))}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The namespaces a room owns and the desktops that turn it on. */
export function RoomFacts({ id }: { id: string }) {
  const room = must(findRoom(id), `room "${id}"`);
  const turnedOnBy = desktops.filter((desktop) => desktop.rooms.includes(room.id));
  return (
    <dl className="not-prose my-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-neutral-600 dark:text-neutral-400">Namespaces</dt>
      <dd className="flex flex-wrap gap-1.5">
        {room.namespaces.map((namespace) => (
          <code key={namespace} className="rounded bg-fd-muted px-1.5 py-0.5 font-mono text-xs">
            {namespace}
          </code>
        ))}
      </dd>
      <dt className="text-neutral-600 dark:text-neutral-400">Turned on by</dt>
      <dd className="flex flex-wrap gap-x-3 gap-y-1">
        {turnedOnBy.map((desktop) => (
          <Link key={desktop.name} href={desktop.docsPath} className="underline underline-offset-4">
            {desktop.name}
          </Link>
        ))}
      </dd>
    </dl>
  );
}
