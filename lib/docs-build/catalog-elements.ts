import type { BlockContent, Code, Heading, List, ListItem, Nodes, PhrasingContent, Table } from 'mdast';
import {
  codeBlock,
  inlineCode,
  inlineMarkdown,
  joined,
  link,
  paragraph,
  strong,
  table,
  text,
} from '@/lib/docs/mdast-builders';
import {
  appRepositoryUrl,
  desktopFlag,
  findApp,
  findRoom,
  installLine,
  layerInstaller,
  layerInstallLine,
  rooms,
  type Desktop,
} from '../catalog';
import { notes, options, type LayerOption } from '../catalog/options';
import { optionMarkLabels } from '@/lib/docs/option-marks';
import { optionTableCells, optionTableHeader } from '@/lib/docs/option-table';
import { repositoryUrl, siteRepo } from '../site';
import { downloadRoute, installerRoute, releaseAliasRoute, v1 } from '../routes';


/**
 * The catalog elements of the docs and what each becomes (remark-catalog.ts
 * replaces them at compile time): their names, attributes and builders over
 * lib/catalog, and the markers the search index and the code blocks read.
 */

/** The element names this plugin replaces. */
export const catalogElementNames = [
  'InstallLine',
  'SiteCommand',
  'DesktopGallery',
  'DesktopDetails',
  'AppDetails',
  'RoomList',
  'RoomFacts',
  'OptionEntries',
  'ReferenceNotes',
  'OptionTable',
] as const;
export type CatalogElementName = (typeof catalogElementNames)[number];

export const isCatalogElementName = (name: string | null): name is CatalogElementName =>
  name !== null && (catalogElementNames as readonly string[]).includes(name);

/** Release tags `v<YYYY.MM.DD>` or `v<YYYY.MM.DD>-<N>`, as the installers accept them. */
const releaseTag = /^v\d{4}\.\d{2}\.\d{2}(?:-\d+)?$/;

declare module 'mdast' {
  interface CodeData {
    /** Set on the install lines of remark-catalog, so the search index takes them in. */
    catalog?: boolean;
  }
  interface TableCellData {
    /** Set on the option browser's cells: every option's name again, which search must not rank above the option's own entry. */
    excludeFromSearch?: boolean;
  }
}

/** True for a block the search index leaves out (source.config.ts; remark-structure indexes table cells one by one). */
export const isExcludedFromSearch = (node: Nodes) => node.type === 'tableCell' && node.data?.excludeFromSearch === true;

/** The same table, its cells kept out of the search index. */
function unsearchable(node: Table): Table {
  for (const row of node.children) for (const cell of row.children) cell.data = { ...cell.data, excludeFromSearch: true };
  return node;
}

/** True for a code block this plugin made (an install line or a site command). */
export const isCatalogCode = (node: Nodes): node is Code => node.type === 'code' && node.data?.catalog === true;

// ---------------------------------------------------------------- mdast

const shell = (value: string): Code => ({ ...codeBlock('sh', value), data: { catalog: true } });
const list = (items: PhrasingContent[][]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children): ListItem => ({ type: 'listItem', spread: false, children: [paragraph(children)] })),
});
/** `**Label:** value…` list entries. */
const fields = (entries: [string, PhrasingContent[]][]): List =>
  list(entries.map(([label, value]) => [strong([text(`${label}:`)]), text(' '), ...value]));
const stripScheme = (url: string) => url.replace(/^https:\/\//, '');

// ---------------------------------------------------------------- elements

export interface Context {
  origin: string;
  desktops: readonly Desktop[];
  /** Throws an error naming the file and line of the element. */
  fail(reason: string): never;
  /** The string value of an attribute (undefined when absent). */
  attribute(name: string): string | undefined;
  required(name: string): string;
}

/** What an element becomes: blocks where it stands on its own line, phrasing inside a paragraph. */
export interface Replacement {
  flow: BlockContent[];
  /** Absent when the element cannot stand inside a paragraph. */
  phrasing?: PhrasingContent[];
}

interface ElementSpec {
  attributes: readonly string[];
  build(ctx: Context): Replacement;
}

function mustDesktop(ctx: Context, name: string): Desktop {
  const desktop = ctx.desktops.find((entry) => entry.name === name);
  if (!desktop) ctx.fail(`unknown desktop "${name}" (known: ${ctx.desktops.map((entry) => entry.name).join(', ')})`);
  return desktop;
}

const markOf = (kind: 'host-only' | 'desktop-safe-per-key', label: string): PhrasingContent =>
  ({
    type: 'mdxJsxTextElement',
    name: 'Mark',
    attributes: [{ type: 'mdxJsxAttribute', name: 'kind', value: kind }],
    children: [text(label)],
  }) as unknown as PhrasingContent;

/** One option: its heading (anchored at its full name), marks, type and default, and the reference's rules. */
function optionEntry(option: LayerOption, depth: Heading['depth']): BlockContent[] {
  const heading: Heading = {
    type: 'heading',
    depth,
    children: [text(option.name)],
    // remark-heading (which reads `[#id]`) has run by now; the id is set as it would set it.
    data: { hProperties: { id: option.name } },
  };
  const marks: PhrasingContent[] = [];
  if (option.hostOnly) marks.push(markOf('host-only', optionMarkLabels.hostOnly), text(' '));
  if (option.desktopSafePerKey) marks.push(markOf('desktop-safe-per-key', optionMarkLabels.desktopSafePerKey), text(' '));
  const facts = paragraph([
    ...marks,
    strong([text('Type:')]),
    text(' '),
    ...inlineMarkdown(option.type),
    text(' · '),
    strong([text('Default:')]),
    text(' '),
    ...inlineMarkdown(option.default),
  ]);
  return option.rules ? [heading, facts, paragraph(inlineMarkdown(option.rules))] : [heading, facts];
}

const command = (line: string): Replacement => ({ flow: [shell(line)], phrasing: [inlineCode(line)] });

export const elements: Record<CatalogElementName, ElementSpec> = {
  /** An install line; without `desktop` the plain /layer.sh, `tag` pins a release. */
  InstallLine: {
    attributes: ['desktop', 'tag'],
    build(ctx) {
      const tag = ctx.attribute('tag');
      if (tag !== undefined && !releaseTag.test(tag)) {
        ctx.fail(`tag "${tag}" is not a release tag (v<YYYY.MM.DD> or v<YYYY.MM.DD>-<N>)`);
      }
      const options = tag ? { ref: tag } : {};
      const name = ctx.attribute('desktop');
      if (name === undefined) return command(layerInstallLine(ctx.origin, options));
      return command(installLine(mustDesktop(ctx, name), ctx.origin, options));
    },
  },

  /** Any shell command that talks to this site: `{origin}` becomes the public origin, `{repository}` the site's own repository to clone. */
  SiteCommand: {
    // `label` was the copy button's name in the old component; the code block names its own.
    attributes: ['command', 'label'],
    build(ctx) {
      return command(ctx.required('command').replaceAll('{origin}', ctx.origin).replaceAll('{repository}', `${repositoryUrl(siteRepo)}.git`));
    },
  },

  /**
   * The gallery in one table, in the order of /v1/desktops: the layer
   * installer (which asks), then every desktop, each linking to its section.
   */
  DesktopGallery: {
    attributes: [],
    build(ctx) {
      // The Author column appears only when some desktop states its author (the catalog need not: /docs/api/catalog, "/v1/desktops").
      const withAuthor = ctx.desktops.some((desktop) => desktop.author !== null);
      const author = (value: string | null): PhrasingContent[][] => (withAuthor ? [[text(value ?? 'not stated')]] : []);
      return {
        flow: [
          table(
            ['Desktop', ...(withAuthor ? ['Author'] : []), 'Installs from', 'What it is'],
            [
              [
                [link(layerInstaller.docsPath, [text(layerInstaller.name)])],
                ...author(null),
                [inlineCode(installerRoute(layerInstaller.name))],
                [text(`${layerInstaller.blurb} Pins no desktop.`)],
              ],
              ...ctx.desktops.map((desktop) => [
                [link(desktop.docsPath, [text(desktop.name)])],
                ...author(desktop.author),
                desktop.source.kind === 'url' ? [inlineCode(installerRoute(desktop.name))] : [text('its own repository')],
                [text(desktop.blurb)],
              ]),
            ],
          ),
        ],
      };
    },
  },

  /** Blurb, author, rooms, repository and flag, and the install line of one desktop. */
  DesktopDetails: {
    attributes: ['name'],
    build(ctx) {
      const desktop = mustDesktop(ctx, ctx.required('name'));
      const entries: [string, PhrasingContent[]][] = desktop.author ? [['Author', [text(desktop.author)]]] : [];
      if (desktop.rooms) {
        const roomLinks = desktop.rooms.map((id) => {
          const room = findRoom(id);
          if (!room) return ctx.fail(`desktop "${desktop.name}" names unknown room "${id}"`);
          return [link(room.docsPath, [text(room.title)])];
        });
        entries.push(['Rooms', joined(roomLinks)]);
      }
      const flag = desktopFlag(desktop);
      if (desktop.source.kind === 'flake' && flag) {
        const { repository } = desktop.source;
        entries.push(['Repository', [link(repository, [text(stripScheme(repository))])]], ['Flag', [inlineCode(flag)]]);
      }
      return {
        flow: [paragraph([text(desktop.blurb)]), ...(entries.length > 0 ? [fields(entries)] : []), shell(installLine(desktop, ctx.origin))],
      };
    },
  },

  /** Blurb, download, release metadata and repository of one app. */
  AppDetails: {
    attributes: ['name'],
    build(ctx) {
      const name = ctx.required('name');
      const app = findApp(name);
      if (!app) return ctx.fail(`unknown app "${name}"`);
      const repository = appRepositoryUrl(app);
      return {
        flow: [
          paragraph([text(app.blurb)]),
          fields([
            ['Download', [link(downloadRoute(app.name), [inlineCode(downloadRoute(app.name))])]],
            ['Release metadata', [inlineCode(v1.release(app.name)), text(' or '), inlineCode(releaseAliasRoute(app.name))]],
            ['Repository', [link(repository, [text(stripScheme(repository))])]],
          ]),
        ],
      };
    },
  },

  /** Every room with its summary and namespaces, linking to its page. */
  RoomList: {
    attributes: [],
    build() {
      return {
        flow: [
          table(
            ['Room', 'What it covers', 'Namespaces'],
            rooms.map((room) => [
              [link(room.docsPath, [text(room.title)])],
              [text(room.summary)],
              joined(room.namespaces.map((namespace) => [inlineCode(namespace)]), ', '),
            ]),
          ),
        ],
      };
    },
  },

  /**
   * The entries of the options named in `of`: a comma list of full names,
   * each also taking the options below it (`layer.windows.desktop` takes
   * `layer.windows.desktop.hideIcons`). `depth` is the heading level (3).
   */
  OptionEntries: {
    attributes: ['of', 'depth'],
    build(ctx) {
      const prefixes = ctx
        .required('of')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const depth = Number(ctx.attribute('depth') ?? '3');
      if (![2, 3, 4].includes(depth)) ctx.fail(`depth "${ctx.attribute('depth')}" must be 2, 3 or 4`);
      const chosen = options.filter((option) => prefixes.some((prefix) => option.name === prefix || option.name.startsWith(`${prefix}.`)));
      for (const prefix of prefixes) {
        if (!chosen.some((option) => option.name === prefix || option.name.startsWith(`${prefix}.`))) {
          ctx.fail(`"${prefix}" names no option of the reference`);
        }
      }
      return { flow: chosen.flatMap((option) => optionEntry(option, depth as Heading['depth'])) };
    },
  },

  /**
   * Every option in one table (the option browser, /docs/options): name
   * linking to its entry, room, type, default and marks, in the reference's
   * order and words.
   */
  OptionTable: {
    attributes: [],
    build() {
      return {
        flow: [
          unsearchable(table(optionTableHeader, options.map(optionTableCells))),
        ],
      };
    },
  },

  /** The reference's own paragraphs about a namespace (`namespace`) or a whole room (`room`), verbatim. */
  ReferenceNotes: {
    attributes: ['room', 'namespace'],
    build(ctx) {
      const namespace = ctx.attribute('namespace');
      const room = ctx.attribute('room');
      if ((namespace === undefined) === (room === undefined)) ctx.fail('give either `room` or `namespace`');
      const chosen = notes.filter((note) => (namespace ? note.namespace === namespace : note.room === room && note.namespace === null));
      if (chosen.length === 0) ctx.fail(`the reference has no notes for ${namespace ?? room}`);
      return { flow: chosen.map((note) => paragraph(inlineMarkdown(note.text))) };
    },
  },

  /** The namespaces a room owns and the desktops that turn it on. */
  RoomFacts: {
    attributes: ['id'],
    build(ctx) {
      const id = ctx.required('id');
      const room = findRoom(id);
      if (!room) return ctx.fail(`unknown room "${id}" (known: ${rooms.map((entry) => entry.id).join(', ')})`);
      // Only desktops that state their rooms can be said to turn this one on.
      const turnedOnBy = ctx.desktops.filter((desktop) => desktop.rooms?.includes(room.id));
      const entries: [string, PhrasingContent[]][] = [
        ['Namespaces', joined(room.namespaces.map((namespace) => [inlineCode(namespace)]), ', ')],
      ];
      if (turnedOnBy.length > 0) {
        entries.push(['Turned on by', joined(turnedOnBy.map((desktop) => [link(desktop.docsPath, [text(desktop.name)])]))]);
      }
      return { flow: [fields(entries)] };
    },
  },
};
