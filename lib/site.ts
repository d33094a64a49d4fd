/**
 * Facts about the site itself: its name, the code host's repositories it
 * reads from, and the public base URL. Configuration that varies per
 * deployment lives in lib/env.ts instead.
 */
export const siteName = 'layer';
export const siteTitle = 'layer — rebuild a whole Mac from one text file';
export const siteDescription =
  'Documentation, installers and release downloads for the layer, a declarative configuration system for the Mac, and its apps pounce and perch.';

/** The organisation on the code host that owns the layer and the apps. */
export const codeHostOwner = 'layer-desktop';
/** Repository that holds the layer and its installer script. */
export const layerRepo = { owner: codeHostOwner, repo: 'layer' } as const;
/** Path of the installer inside the layer repository. */
export const installerPath = 'install.sh';
/** Path of the visual standard inside the layer repository. */
export const designPath = 'DESIGN.md';
/** The site's own source repository (for "edit on GitHub" links). */
export const siteRepo = { owner: codeHostOwner, repo: 'site', branch: 'main' } as const;
export const codeHostWeb = 'https://github.com';
