import { env } from '@/lib/env';

/**
 * Facts about the site itself: its name, and the repositories on the code
 * host it links to and reads from. The owner and repository names are
 * configuration (GITHUB_OWNER, GITHUB_LAYER_REPO, GITHUB_SITE_REPO in
 * lib/env.ts), read once when the server starts or the docs compile.
 */
export const siteName = 'layer';
export const siteTitle = 'layer — rebuild a whole Mac from one text file';
export const siteDescription =
  'Documentation, installers and release downloads for the layer, which rebuilds a whole Mac from one text file, and for its apps pounce and perch.';

const configured = env();
/** The owner on the code host of the layer and of the apps. */
export const codeHostOwner = configured.GITHUB_OWNER;
/** Repository that holds the layer and its installer script. */
export const layerRepo = { owner: codeHostOwner, repo: configured.GITHUB_LAYER_REPO } as const;
/** Path of the installer inside the layer repository. */
export const installerPath = 'install.sh';
/** Path of the visual standard inside the layer repository. */
export const designPath = 'DESIGN.md';
/** The site's own source repository (for "edit on GitHub" links). */
export const siteRepo = { owner: codeHostOwner, repo: configured.GITHUB_SITE_REPO, branch: 'main' } as const;
const codeHostWeb = 'https://github.com';
/** A repository's page on the code host. */
export const repositoryUrl = (repository: { owner: string; repo: string }) => `${codeHostWeb}/${repository.owner}/${repository.repo}`;
