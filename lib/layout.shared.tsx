import { docsPageUrl } from './routes';
import { layerRepo, repositoryUrl, siteName } from './site';

/**
 * What every page's header shows (components/site/header.tsx): the site's
 * name and the main links. The header is server-rendered; its client
 * components are the search button and the router of its links.
 */
export interface NavLink {
  text: string;
  url: string;
  /** Which pages count as "inside" this link (aria-current in the header). */
  match: (pathname: string) => boolean;
}

const apiDocs = docsPageUrl(['api']);
const appsDocs = docsPageUrl(['apps']);

export const navTitle = siteName;

/**
 * Docs, API and Download. Download goes to the apps page, whose download
 * buttons are plain links to /download/{app}: a header link must never be
 * one itself, or every page view would prefetch a redirect to the code host.
 */
export const navLinks: readonly NavLink[] = [
  {
    text: 'Docs',
    url: docsPageUrl([]),
    match: (pathname) => pathname.startsWith('/docs') && !pathname.startsWith(apiDocs) && !pathname.startsWith(appsDocs),
  },
  { text: 'API', url: apiDocs, match: (pathname) => pathname.startsWith(apiDocs) },
  { text: 'Download', url: appsDocs, match: (pathname) => pathname.startsWith(appsDocs) },
];

/** The layer's repository on the code host. */
export const githubLink = { label: 'GitHub', url: repositoryUrl(layerRepo) } as const;
