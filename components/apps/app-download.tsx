import { DownloadIcon } from '@/components/icons';
import type { ComponentProps } from 'react';
import { DocsLink } from '@/components/docs/mdx-parts';
import { apps, findApp } from '@/lib/catalog/apps';
import { downloadRoute, v1 } from '@/lib/routes';
import { ReleaseFacts } from './release-facts';

/**
 * A download button for one app, with its latest release once known. The
 * button is a plain link to /download/{app} (a redirect to the code host,
 * never prefetched) and works whatever happens to the release lookup;
 * ReleaseFacts fills in the tag, size and date from /v1/releases/{app}
 * after the page has loaded.
 */
function DownloadButton({ app }: { app: string }) {
  const known = findApp(app);
  const name = known?.name ?? app;
  return (
    <span className="not-prose inline-flex flex-wrap items-center gap-x-3 gap-y-1 align-middle" data-app-download={name}>
      <a
        href={downloadRoute(name)}
        className="inline-flex items-center gap-1.5 rounded-md bg-fd-primary px-3 py-1.5 text-sm font-medium text-fd-primary-foreground no-underline hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary"
      >
        <DownloadIcon className="size-4" />
        Download {name}
      </a>
      <ReleaseFacts app={name} releaseUrl={v1.release(name)} />
    </span>
  );
}

/**
 * Links of the apps page (/docs/apps): each app's download link (written
 * by <AppDetails /> as `/download/{app}`) becomes its download button; any
 * other link renders as everywhere else.
 */
export function AppsPageLink(props: ComponentProps<'a'>) {
  const app = apps.find((known) => props.href === downloadRoute(known.name));
  if (app) return <DownloadButton app={app.name} />;
  return <DocsLink {...props} />;
}
