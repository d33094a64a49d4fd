import { indexOfSorted, scoredFields, type ScoredField, type SearchData } from './index-data';
import { align8, decoder, searchDataFormat, hasHeading, hasText, littleEndian, magic, tokenBlock, urlAfterPage, urlIsHeading, type Header, type SectionRecord } from './index-format';

function readHeader(bytes: Uint8Array): { header: Header; bodyStart: number } | undefined {
  if (bytes.length < magic.length + 4 || magic.some((byte, i) => bytes[i] !== byte)) return undefined;
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(magic.length, true);
  const start = magic.length + 4;
  if (start + length > bytes.length) return undefined;
  let header: Header;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(start, start + length))) as Header;
  } catch {
    // A file cut short or overwritten: not an index this reader can trust.
    return undefined;
  }
  return { header, bodyStart: align8(start + length) };
}

/** The `meta` the index was written with, or undefined when the bytes are not in this format. */
export function searchDataMeta(bytes: Uint8Array): Record<string, string> | undefined {
  return readHeader(bytes)?.header.meta;
}

/** Reads the LEB128 varint at `cursor.at` and moves past it. */
function readVarint(bytes: Uint8Array, cursor: { at: number }): number {
  let value = 0;
  let scale = 1;
  let byte: number;
  do {
    byte = bytes[cursor.at++]!;
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
  } while (byte & 0x80);
  return value;
}

const asciiOnly = /^[\x00-\x7f]*$/;

/**
 * How the UTF-8 bytes `bytes[start, start + length)` sort against an ASCII
 * `value`, as their strings sort (negative, zero or positive): without
 * decoding them, which was most of a token's lookup. A byte past ASCII
 * leads a character past ASCII, which sorts after every ASCII one in
 * UTF-16 as in UTF-8, so the byte order is the strings' order.
 */
function compareAscii(bytes: Uint8Array, start: number, length: number, value: string): number {
  const common = Math.min(length, value.length);
  for (let i = 0; i < common; i += 1) {
    const difference = bytes[start + i]! - value.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return length - value.length;
}

/** How the token at `bytes[start, start + length)` sorts against any `value`: decoded, compared as strings. */
function compareDecoded(bytes: Uint8Array, start: number, length: number, value: string): number {
  const token = decoder.decode(bytes.subarray(start, start + length));
  return token === value ? 0 : token < value ? -1 : 1;
}

/** The token list, front-coded (see `sortedStrings`): a token is found by a binary search over the blocks' first tokens, then a walk through one block. */
export class SortedStringColumn {
  private readonly blocks: ArrayLike<number>;
  private readonly bytes: Uint8Array;
  private scratch = new Uint8Array(256);
  private lastValue: string | undefined;
  private lastIndex = -1;
  constructor(blocks: ArrayLike<number>, bytes: Uint8Array) {
    this.blocks = blocks;
    this.bytes = bytes;
  }

  /** Where `value` is in the list, or -1. */
  indexOf(value: string): number {
    // Each field asks in turn for the same token.
    if (value === this.lastValue) return this.lastIndex;
    this.lastValue = value;
    return (this.lastIndex = this.search(value));
  }

  private search(value: string): number {
    const { blocks, bytes } = this;
    const order = asciiOnly.test(value) ? compareAscii : compareDecoded;
    const cursor = { at: 0 };
    // The last block whose first token is at most `value`.
    let block = -1;
    let low = 0;
    let high = blocks.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      cursor.at = blocks[middle]!;
      const length = readVarint(bytes, cursor);
      const sign = order(bytes, cursor.at, length, value);
      if (sign === 0) return middle * tokenBlock;
      if (sign < 0) (block = middle), (low = middle + 1);
      else high = middle - 1;
    }
    if (block < 0) return -1;
    cursor.at = blocks[block]!;
    const end = block + 1 < blocks.length ? blocks[block + 1]! : bytes.length;
    this.fill(0, readVarint(bytes, cursor), cursor);
    for (let index = block * tokenBlock + 1; cursor.at < end; index += 1) {
      const shared = readVarint(bytes, cursor);
      const rest = readVarint(bytes, cursor);
      this.fill(shared, rest, cursor);
      const sign = order(this.scratch, 0, shared + rest, value);
      if (sign === 0) return index;
      if (sign > 0) return -1;
    }
    return -1;
  }

  /** Copies `count` bytes at the cursor to the scratch token at `from`. */
  private fill(from: number, count: number, cursor: { at: number }): void {
    if (from + count > this.scratch.length) {
      const grown = new Uint8Array(Math.max(this.scratch.length * 2, from + count));
      grown.set(this.scratch.subarray(0, from));
      this.scratch = grown;
    }
    // Byte by byte: a token's few bytes copy faster one at a time than through a view made for them.
    const { bytes, scratch } = this;
    for (let i = 0; i < count; i += 1) scratch[from + i] = bytes[cursor.at + i]!;
    cursor.at += count;
  }
}

/** Strings stored as one UTF-8 blob, each decoded when asked for. */
class StringColumn {
  private readonly offsets: ArrayLike<number>;
  private readonly bytes: Uint8Array;
  constructor(offsets: ArrayLike<number>, bytes: Uint8Array) {
    this.offsets = offsets;
    this.bytes = bytes;
  }

  get length(): number {
    return this.offsets.length - 1;
  }

  at(index: number): string {
    return decoder.decode(this.bytes.subarray(this.offsets[index], this.offsets[index + 1]));
  }
}

/** Token → the ascending sections holding it in one field, each list decoded when asked for. */
export class PostingsColumn {
  private readonly tokens: SortedStringColumn;
  /** The field's tokens, as ascending places in `tokens`. */
  private readonly ids: ArrayLike<number>;
  private readonly offsets: ArrayLike<number>;
  private readonly lists: Uint8Array;
  constructor(tokens: SortedStringColumn, ids: ArrayLike<number>, offsets: ArrayLike<number>, lists: Uint8Array) {
    this.tokens = tokens;
    this.ids = ids;
    this.offsets = offsets;
    this.lists = lists;
  }

  /** The sections of the field's `index`-th token. */
  list(index: number): Int32Array {
    const cursor = { at: this.offsets[index]! };
    const values = new Int32Array(readVarint(this.lists, cursor));
    let previous = 0;
    for (let i = 0; i < values.length; i += 1) values[i] = previous = i > 0 ? previous + readVarint(this.lists, cursor) : readVarint(this.lists, cursor);
    return values;
  }

  get(token: string): Int32Array | undefined {
    const id = this.tokens.indexOf(token);
    const at = id >= 0 ? indexOfSorted(this.ids, id) : -1;
    return at >= 0 ? this.list(at) : undefined;
  }
}

/** The index over its bytes: see the top of this file. */
export interface SearchDataView {
  meta: Record<string, string>;
  /** Sections, in URL order. */
  count: number;
  section(index: number): SectionRecord;
  /** A page's title and breadcrumbs, by its id. */
  page(id: string): [title: string, breadcrumbs: string[]] | undefined;
  /** Whether the index has this plain word. */
  hasWord(word: string): boolean;
  /** Every plain word of the index and its count, in the index's order (parsed on each call). */
  vocabulary(): SearchData['vocabulary'];
  fields: Record<ScoredField, { lengths: ArrayLike<number>; averageLength: number; postings: PostingsColumn }>;
  title: PostingsColumn;
  /** The section of the option with this lowercased full name, if any. */
  optionSection(name: string): number | undefined;
}

/**
 * Reads the index from its bytes: the header and the sorted page ids;
 * every other part is a view, decoded when read. Throws when the bytes are
 * not in this format.
 */
export function openSearchData(source: Uint8Array): SearchDataView {
  const read = readHeader(source);
  if (!read) throw new Error(`the search index is not in this search core's format (${searchDataFormat})`);
  const { header, bodyStart } = read;
  // Views of 2- and 4-byte integers must start at a multiple of their width in the buffer.
  const bytes = (source.byteOffset + bodyStart) % 4 === 0 ? source : source.slice();
  const base = bytes.byteOffset + bodyStart;
  const part = (name: string) => {
    const found = header.parts[name];
    if (!found) throw new Error(`the search index has no part ${name}`);
    return found;
  };
  const raw = (name: string) => {
    const [offset, length] = part(name);
    return new Uint8Array(bytes.buffer, base + offset, length);
  };
  const uints = (name: string): ArrayLike<number> => {
    const [offset, length, width] = part(name);
    if (width === 1) return new Uint8Array(bytes.buffer, base + offset, length);
    if (littleEndian) return width === 2 ? new Uint16Array(bytes.buffer, base + offset, length / 2) : new Uint32Array(bytes.buffer, base + offset, length / 4);
    // A big-endian machine reads a copy.
    const view = new DataView(bytes.buffer, base + offset, length);
    const copy = width === 2 ? new Uint16Array(length / 2) : new Uint32Array(length / 4);
    for (let i = 0; i < copy.length; i += 1) copy[i] = width === 2 ? view.getUint16(i * 2, true) : view.getUint32(i * 4, true);
    return copy;
  };
  const json = <T>(name: string) => JSON.parse(decoder.decode(raw(name))) as T;
  const strings = (name: string) => new StringColumn(uints(`${name}.offsets`), raw(`${name}.bytes`));
  const tokens = new SortedStringColumn(uints('tokens.blocks'), raw('tokens.bytes'));
  const postings = (name: string) => new PostingsColumn(tokens, uints(`${name}.ids`), uints(`${name}.offsets`), raw(`${name}.lists`));

  const pageIds = json<string[]>('pageIds');
  const titles = strings('pages.titles');
  const breadcrumbs = strings('pages.breadcrumbs');
  const words = new SortedStringColumn(uints('words.blocks'), raw('words.bytes'));
  const page = (id: string): [string, string[]] | undefined => {
    const at = indexOfSorted(pageIds, id);
    const crumbs = at >= 0 ? breadcrumbs.at(at) : '';
    return crumbs === '' ? undefined : [titles.at(at), JSON.parse(crumbs) as string[]];
  };
  const flags = raw('sections.flags');
  const pageOf = uints('sections.page');
  const urls = strings('sections.urls');
  const headings = strings('sections.headings');
  const texts = strings('sections.texts');
  const options = uints('options');
  /** The name an option's section is found by: its heading, or for a page's own section the page's title (as `optionTable`). */
  const optionName = (section: number) => {
    const flag = flags[section]!;
    if (flag & hasHeading) return headings.at(section).toLowerCase();
    if (!(flag & urlAfterPage) || urls.at(section) !== '') return '';
    return (page(pageIds[pageOf[section]!]!)?.[0] ?? '').toLowerCase();
  };
  return {
    meta: header.meta,
    count: header.count,
    section(index) {
      const flag = flags[index]!;
      const pageId = pageIds[pageOf[index]!]!;
      const heading = flag & hasHeading ? headings.at(index) : null;
      const url = flag & urlIsHeading ? `${pageId}#${heading}` : flag & urlAfterPage ? pageId + urls.at(index) : urls.at(index);
      return {
        url,
        pageId,
        heading,
        text: flag & hasText ? texts.at(index) : null,
      };
    },
    page,
    hasWord: (word) => words.indexOf(word) >= 0,
    vocabulary: () => json('vocabulary'),
    fields: Object.fromEntries(
      scoredFields.map((field) => [
        field,
        { lengths: uints(`fields.${field}.lengths`), averageLength: header.averages[field], postings: postings(`fields.${field}.postings`) },
      ]),
    ) as SearchDataView['fields'],
    title: postings('title'),
    optionSection(name) {
      // A binary search over the option sections by name, reading only the names it probes.
      let low = 0;
      let high = options.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const candidate = optionName(options[middle]!);
        if (candidate === name) return options[middle];
        if (candidate < name) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    },
  };
}
