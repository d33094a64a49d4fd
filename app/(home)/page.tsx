import Link from 'next/link';
import { ArrowRightIcon as ArrowRight, DownloadIcon as Download } from '@/components/icons';
import { InstallCommand } from '@/components/install-command';
import { DocsSectionCards } from '@/components/site/docs-sections';
import { appRepositoryUrl, apps, desktops, layerInstallLine } from '@/lib/catalog';
import { env, publicOrigin } from '@/lib/env';
import { docsPageUrl, downloadRoute, installerRoute } from '@/lib/routes';

/**
 * The home page: what the layer is, the one line that installs it, and the
 * catalog at a glance. A server component throughout; only the copy button
 * inside InstallCommand runs on the client (the header's search button
 * aside). Links to pages never prefetch; downloads are plain links.
 * Secondary text is neutral-600/400 because the theme's light muted colour
 * falls below WCAG AA contrast on the card colour.
 */


const cardLink =
  'rounded-md font-semibold text-fd-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary';

export default function HomePage() {
  const origin = publicOrigin(env());
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-16 px-4 py-12 sm:px-6 md:py-20">
      <section aria-labelledby="hero-title" className="flex flex-col gap-5">
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight text-fd-foreground sm:text-5xl">
          Rebuild a whole Mac from one text file.
        </h1>
        <p className="max-w-2xl text-lg text-neutral-600 dark:text-neutral-400">
          The layer is a declarative configuration system for a Mac. Options are grouped by room (apps, appearance,
          displays, development, windows and more), and changes apply with{' '}
          <code className="font-mono text-fd-foreground">layer rebuild</code>. Everything is optional: the defaults are a
          complete system.
        </p>
        <div className="max-w-2xl">
          <h2 className="sr-only">Install</h2>
          <InstallCommand command={layerInstallLine(origin)} label="Copy the install command" className="my-0" />
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            Installs the layer and asks which desktop to build.{' '}
            <Link prefetch={false} href={docsPageUrl(['install'])} className="font-medium text-fd-foreground underline underline-offset-4">
              More ways to install
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="desktops-title" className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="desktops-title" className="text-2xl font-semibold text-fd-foreground">
            Desktops
          </h2>
          <Link prefetch={false} href={docsPageUrl(['desktops'])} className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4">
            All desktops <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <p className="text-neutral-600 dark:text-neutral-400">Shared, data-only presets. Each of these installs from its own URL.</p>
        <ul className="grid list-none gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {desktops.map((desktop) => (
            <li key={desktop.name} className="flex flex-col gap-2 rounded-lg border border-fd-border bg-fd-card p-4">
              <div className="flex items-baseline justify-between gap-2">
                <Link prefetch={false} href={desktop.docsPath} className={cardLink}>
                  {desktop.name}
                </Link>
                {desktop.source.kind === 'url' ? (
                  <span className="font-mono text-xs text-neutral-600 dark:text-neutral-400">{installerRoute(desktop.name)}</span>
                ) : (
                  <span className="text-xs text-neutral-600 dark:text-neutral-400">own repository</span>
                )}
              </div>
              <p className="text-sm text-fd-card-foreground">{desktop.blurb}</p>
              {desktop.author ? <p className="mt-auto text-xs text-neutral-600 dark:text-neutral-400">by {desktop.author}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="apps-title" className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="apps-title" className="text-2xl font-semibold text-fd-foreground">
            Apps
          </h2>
          <Link prefetch={false} href={docsPageUrl(['apps'])} className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4">
            About the apps <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <p className="text-neutral-600 dark:text-neutral-400">
          Small Mac apps that run on the layer or without it, with signed, notarized releases.
        </p>
        <ul className="grid list-none gap-3 p-0 sm:grid-cols-2">
          {apps.map((app) => (
            <li key={app.name} className="flex flex-col gap-3 rounded-lg border border-fd-border bg-fd-card p-4">
              <Link prefetch={false} href={app.docsPath} className={cardLink}>
                {app.title}
              </Link>
              <p className="text-sm text-fd-card-foreground">{app.blurb}</p>
              <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                {/* A plain <a>: the download redirects off-site and must not be prefetched. */}
                <a
                  href={downloadRoute(app.name)}
                  className="inline-flex items-center gap-1.5 rounded-md bg-fd-primary px-3 py-1.5 font-medium text-fd-primary-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary"
                >
                  <Download aria-hidden className="size-4" />
                  Download {app.title}
                </a>
                <a href={appRepositoryUrl(app)} className="underline underline-offset-4">
                  Source
                  <span className="sr-only"> of {app.title}</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="docs-title" className="flex flex-col gap-4">
        <h2 id="docs-title" className="text-2xl font-semibold text-fd-foreground">
          Documentation
        </h2>
        <DocsSectionCards headingId="docs-title" />
      </section>
    </main>
  );
}
