import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { attributeValues, elementFailure, elementLocation, replaceElements, type MdxElement } from '@/lib/docs/mdast-builders';
import { desktops, type Desktop } from '../catalog';
import { parseEnv, publicOrigin } from '../env';
import { elements, isCatalogElementName, type CatalogElementName, type Context, type Replacement } from './catalog-elements';

export { catalogElementNames, isCatalogCode, isExcludedFromSearch,  } from './catalog-elements';

/**
 * remark-catalog: replaces the catalog elements of the docs (`<InstallLine />`,
 * `<SiteCommand />`, `<DesktopGallery />`, `<DesktopDetails />`,
 * `<AppDetails />`, `<RoomList />`, `<RoomFacts />`) with ordinary markdown
 * built from lib/catalog, at compile time. The HTML page, the `.md` twin,
 * /llms-full.txt and the search index therefore all carry the same install
 * lines and facts. Install lines become `sh` code blocks (Fumadocs adds the
 * copy button); facts become paragraphs, lists and GFM tables.
 * `<OptionEntries of="…" />` writes one heading per option, anchored at the
 * option's full name, with the reference's own type, default, marks and rules
 * (lib/catalog/options.ts): the only headings this plugin adds.
 *
 * An unknown name, attribute or element position fails the build with the
 * file and line, so a typo never renders nothing.
 */

export interface RemarkCatalogOptions {
  /** Origin of the install lines; defaults to the deployment's public origin. */
  origin?: string;
  /** The desktop gallery; defaults to lib/catalog's (tests pass a fixture desktop in its own repository). */
  desktops?: readonly Desktop[];
}

// ---------------------------------------------------------------- transform

function replacementOf(node: MdxElement, name: CatalogElementName, file: VFile | undefined, settings: Settings): Replacement {
  const spec = elements[name];
  const fail = elementFailure(node, name, file);
  const values = attributeValues(node, spec.attributes, fail);
  if (node.children.length > 0) fail('takes no children');
  const ctx: Context = {
    ...settings,
    fail,
    attribute: (attr) => values.get(attr),
    required: (attr) => values.get(attr) ?? fail(`attribute "${attr}" is required`),
  };
  return spec.build(ctx);
}

interface Settings {
  origin: string;
  desktops: readonly Desktop[];
}

/**
 * The remark plugin. Install lines use the public origin of this build
 * (SITE_URL, see publicOrigin in lib/env.ts), read when the docs are compiled.
 */
export default function remarkCatalog(options: RemarkCatalogOptions = {}) {
  const settings: Settings = { origin: options.origin ?? publicOrigin(parseEnv(process.env)), desktops: options.desktops ?? desktops };
  return (tree: Root, file?: VFile): void =>
    replaceElements(tree, file, isCatalogElementName, {
      flow: (node) => replacementOf(node, node.name, file, settings).flow,
      text: (node) => {
        const { phrasing } = replacementOf(node, node.name, file, settings);
        if (phrasing) return phrasing;
        throw new Error(`${elementLocation(node, file)}: <${node.name}> must stand on a line of its own, not inside text`);
      },
    });
}
