/**
 * Reads the layer's option reference (lib/catalog/layer-options.md, the
 * reference word for word; /docs/writing-docs, "Change the reference") into
 * rows: one per option, with the reference's own words for its type, default
 * and rules, its room and namespace, and its classification marks. Nothing is
 * added: the docs' option entries, /v1/options, the option browser and search
 * all show these rows, so the site states no fact the reference does not.
 *
 * Pure (no imports): tests/unit/option-catalog.test.ts runs it over the
 * reference and keeps lib/catalog/options-data.ts, the generated rows the
 * site ships, equal to its output.
 */
interface ReferenceOption {
  /** Full name, e.g. `layer.wallpaper.glow.spread` or `layer.displays.<name>.uiScale`. */
  name: string;
  room: string;
  namespace: string;
  /** The reference's Type cell (markdown). */
  type: string;
  /** The reference's Default cell (markdown); `null` for the tables without one. */
  default: string;
  /** The reference's Rules (or Meaning) cell without the classification marks (markdown). */
  rules: string;
  hostOnly: boolean;
  desktopSafePerKey: boolean;
}

interface ReferenceNote {
  room: string;
  /** The namespace the note stands under, or null for a note of the whole room. */
  namespace: string | null;
  /** A paragraph of the reference, verbatim (markdown). */
  text: string;
}

export interface OptionReference {
  options: ReferenceOption[];
  notes: ReferenceNote[];
}

/** `### Apps room`, `### Windows room (in part)` → the room id. */
const roomHeading = /^###\s+(\w+)\s+room\b/;
const namespaceHeading = /^####\s+(layer\.[A-Za-z]+)/;
const hostOnlyMark = '**Host-only**';
const perKeyMark = '**Desktop-safe per key**';

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * Full names of a name cell: `layer.hotCorners.bottomLeft, bottomRight, …`
 * names four options; a short name (`glow.spread`) is under the namespace
 * of the `####` heading above its table.
 */
function expandName(cell: string, namespace: string | null): string[] {
  const names = cell.split(',').map((part) => part.trim());
  const first = names[0]!.startsWith('layer.') ? names[0]! : `${namespace}.${names[0]}`;
  if (names.length === 1) return [first];
  const prefix = first.slice(0, first.lastIndexOf('.') + 1);
  return [first, ...names.slice(1).map((short) => `${prefix}${short}`)];
}

/** The rules without the marks and the separator after them. */
function stripMarks(rules: string): string {
  return rules
    .replace(/\*\*Host-only\*\*[;:]?\s*/, '')
    .replace(/\*\*Desktop-safe per key\*\*[;:]?\s*/, '')
    .trim();
}

export function parseOptionReference(markdown: string): OptionReference {
  const options: ReferenceOption[] = [];
  const notes: ReferenceNote[] = [];
  let room: string | null = null;
  let namespace: string | null = null;
  let header: string[] | null = null;
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (room && paragraph.length > 0) notes.push({ room, namespace, text: paragraph.join(' ') });
    paragraph = [];
  };

  for (const line of markdown.split('\n')) {
    if (/^#{1,6}\s/.test(line)) {
      flushParagraph();
      header = null;
      const roomMatch = roomHeading.exec(line);
      if (roomMatch) {
        room = roomMatch[1]!.toLowerCase();
        namespace = null;
      } else if (line.startsWith('#### ')) {
        namespace = namespaceHeading.exec(line)?.[1] ?? null;
      } else {
        // `##` sections outside the rooms (and `###` ones that are not rooms) end the rooms' part.
        room = null;
        namespace = null;
      }
      continue;
    }
    if (!room) continue;
    if (!line.startsWith('|')) {
      header = null;
      if (line.trim() === '') flushParagraph();
      else paragraph.push(line.trim());
      continue;
    }
    flushParagraph();
    const row = cells(line);
    if (row[0] === 'Option') {
      header = row;
      continue;
    }
    if (!header || /^:?-+:?$/.test(row[0]!)) continue;
    const column = (name: string) => {
      const index = header!.indexOf(name);
      return index < 0 ? undefined : row[index];
    };
    const rules = column('Rules') ?? column('Meaning') ?? '';
    for (const name of expandName(row[0]!, namespace)) {
      options.push({
        name,
        room,
        namespace: namespace ?? name.split('.').slice(0, 2).join('.'),
        type: column('Type') ?? '',
        // The accessibility table has no Default column: "All options default to null."
        default: column('Default') ?? 'null',
        rules: stripMarks(rules),
        hostOnly: rules.includes(hostOnlyMark),
        desktopSafePerKey: rules.includes(perKeyMark),
      });
    }
  }
  flushParagraph();
  return { options, notes };
}
