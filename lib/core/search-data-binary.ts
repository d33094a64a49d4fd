import { indexOfSorted, optionHeading, scoredFields, type ScoredField, type SearchData, type TokenPostings } from './search-data';

/**
 * The search core's index as bytes: the form scripts/build-search-data.mjs
 * writes before the build and every server loads, the dev server's index
 * made from the pages included (it is encoded, then read like the file), so
 * every search ranks through one reader.
 *
 * Loading it is one read and O(small) work: JSON.parse of the whole index,
 * even packed in columns, cost 110–130 ms at 100× the docs (79,481
 * sections), and a query reads few of its entries. So integer columns are
 * typed-array views over the bytes (no copy); string columns are one UTF-8
 * blob each with an offsets table, an entry decoded when asked for; the
 * tokens of every field are one sorted, front-coded list, in which a
 * binary search decodes only the entries it probes, and each field holds
 * its tokens' places in it. Even the pages' titles and breadcrumbs and the
 * vocabulary's counts (in its order, for typo correction and completions)
 * are read on first use: parsed as JSON and made into maps at load they
 * cost about 10 ms at 100×. What a first query would otherwise scan whole
 * is made by the writer: each field's mean length, and the option
 * sections sorted by name.
 *
 * Layout: the format's name and a line feed (so another format, the JSON
 * of `layer-site-search/2` included, is told apart by its first bytes);
 * the header's length (u32) and the header (JSON: the writer's `meta`, the
 * section count, the means, each part's place and width); zero bytes up to
 * a multiple of 8; then the parts, each at a multiple of 4 from there.
 * Integers are little-endian. A posting list is its length, then the first
 * section and each one's difference from the one before, as LEB128
 * varints: at 100× the lists take 5.0 MB against 14.5 MB as Int32
 * (3.6 million postings), less to read at every start, and decoding one
 * (about 40 ns a posting) is done once per token a query asks for.
 */
export const searchDataFormat = 'layer-site-search/3';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const magic = encoder.encode(`${searchDataFormat}\n`);
const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A part's byte offset from the body's start, its byte length and its element width (1, 2 or 4). */
type Part = [offset: number, length: number, width: number];

interface Header {
  meta: Record<string, string>;
  count: number;
  /** Per scored field, its mean length over the sections that have it (lib/core/search-ranking.ts says why). */
  averages: Record<ScoredField, number>;
  parts: Record<string, Part>;
}

/** One section, as a hit shows it. */
export interface SectionRecord {
  url: string;
  pageId: string;
  heading: string | null;
  /** The section's text rows joined, or null when it has none. */
  text: string | null;
}

// Per-section flags.
const hasHeading = 1;
const hasText = 2;
/** The URL is stored after its page id, which it starts with (almost every one: `<page>#<fragment>`). */
const urlAfterPage = 4;
/** The URL is its page id, `#` and its heading (an option's section, whose anchor is its full name): nothing is stored. */
const urlIsHeading = 8;

/** Strings per block of the token list, each block's first written whole and the others after the prefix they share with the one before. */
const tokenBlock = 16;

// ---------------------------------------------------------------- writing

/** A growing byte buffer with LEB128 varints. */
class ByteWriter {
  private bytes = new Uint8Array(1024);
  size = 0;

  private room(length: number): void {
    if (this.size + length <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.size + length));
    grown.set(this.bytes.subarray(0, this.size));
    this.bytes = grown;
  }

  varint(value: number): void {
    this.room(8);
    while (value > 0x7f) {
      this.bytes[this.size++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.size++] = value;
  }

  append(chunk: Uint8Array): void {
    this.room(chunk.length);
    this.bytes.set(chunk, this.size);
    this.size += chunk.length;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

class PartsWriter {
  readonly parts: Record<string, Part> = {};
  readonly chunks: Uint8Array[] = [];
  size = 0;

  add(name: string, bytes: Uint8Array, width = 1): void {
    const pad = (4 - (this.size % 4)) % 4;
    if (pad > 0) this.chunks.push(new Uint8Array(pad));
    this.size += pad;
    this.parts[name] = [this.size, bytes.byteLength, width];
    this.chunks.push(bytes);
    this.size += bytes.byteLength;
  }

  /** Unsigned integers at the narrowest width that holds the largest. */
  uints(name: string, values: ArrayLike<number>): void {
    let max = 0;
    for (let i = 0; i < values.length; i += 1) max = Math.max(max, values[i]!);
    const width = max <= 0xff ? 1 : max <= 0xffff ? 2 : 4;
    const bytes = new Uint8Array(values.length * width);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < values.length; i += 1) {
      if (width === 1) bytes[i] = values[i]!;
      else if (width === 2) view.setUint16(i * 2, values[i]!, true);
      else view.setUint32(i * 4, values[i]!, true);
    }
    this.add(name, bytes, width);
  }

  /** Strings as one UTF-8 blob and the offset of each one's start (and of the blob's end). */
  strings(name: string, values: readonly string[]): void {
    let units = 0;
    for (const value of values) units += value.length;
    // At most 3 bytes per UTF-16 unit.
    const blob = new Uint8Array(units * 3);
    const offsets = new Uint32Array(values.length + 1);
    let at = 0;
    values.forEach((value, i) => {
      at += encoder.encodeInto(value, blob.subarray(at)).written;
      offsets[i + 1] = at;
    });
    this.uints(`${name}.offsets`, offsets);
    this.add(`${name}.bytes`, blob.slice(0, at));
  }

  /**
   * Sorted strings front-coded (the token list, whose neighbours share long
   * prefixes: `layer.room12.glow…`): per block of `tokenBlock`, its start
   * in the bytes; in a block, the first string's byte length and bytes,
   * then per string the count of leading bytes it shares with the one
   * before, its remaining length and those bytes.
   */
  sortedStrings(name: string, values: readonly string[]): void {
    const out = new ByteWriter();
    const starts = new Uint32Array(Math.ceil(values.length / tokenBlock));
    let previous = new Uint8Array(0);
    values.forEach((value, i) => {
      const bytes = encoder.encode(value);
      let shared = 0;
      if (i % tokenBlock === 0) {
        starts[i / tokenBlock] = out.size;
      } else {
        while (shared < Math.min(previous.length, bytes.length) && previous[shared] === bytes[shared]) shared += 1;
        out.varint(shared);
      }
      out.varint(bytes.length - shared);
      out.append(bytes.subarray(shared));
      previous = bytes;
    });
    this.uints(`${name}.blocks`, starts);
    this.add(`${name}.bytes`, out.done());
  }

  /** A field's postings: its tokens as their places in the index's one token list, and each one's sections. */
  postings(name: string, { tokens, lists }: TokenPostings, dictionary: ReadonlyMap<string, number>): void {
    this.uints(`${name}.ids`, tokens.map((token) => dictionary.get(token)!));
    const out = new ByteWriter();
    const offsets = new Uint32Array(lists.length + 1);
    lists.forEach((list, i) => {
      out.varint(list.length);
      list.forEach((section, at) => out.varint(at > 0 ? section - list[at - 1]! : section));
      offsets[i + 1] = out.size;
    });
    this.uints(`${name}.offsets`, offsets);
    this.add(`${name}.lists`, out.done());
  }
}

/** The lowercased full name of each option's section → the section (the last one when two share a name). */
function optionTable(data: SearchData): Map<string, number> {
  const { urls, pageIds, headings } = data.sections;
  const table = new Map<string, number>();
  for (let section = 0; section < urls.length; section += 1) {
    const pageId = pageIds[section]!;
    const page = Object.hasOwn(data.pages, pageId) ? data.pages[pageId] : undefined;
    // A page's own section is titled by the page.
    const title = headings[section] ?? (urls[section] === pageId ? (page?.[0] ?? '') : '');
    if (optionHeading.test(title)) table.set(title.toLowerCase(), section);
  }
  return table;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A field's mean token count over the sections that have it (an integer sum, so the same whatever adds it). */
function averageLength(lengths: readonly number[]): number {
  let total = 0;
  let present = 0;
  for (const length of lengths) if (length > 0) (total += length), (present += 1);
  return total / Math.max(1, present);
}

/** The index as bytes, with `meta` (strings the writer wants back, such as the content's fingerprint) in its header. */
export function encodeSearchData(data: SearchData, meta: Record<string, string> = {}): Uint8Array {
  const { urls, pageIds, headings, texts } = data.sections;
  const count = urls.length;
  const writer = new PartsWriter();
  // The words alone, sorted, to tell whether the index has a word; the JSON, in the index's order, for the rare query that reads them all.
  writer.sortedStrings('words', [...data.vocabulary.words].sort(byCodeUnits));
  writer.add('vocabulary', encoder.encode(JSON.stringify(data.vocabulary)));

  // Sections hold a page's index in a sorted list of the page ids, not the id; each page's title and breadcrumbs are at that index.
  const pageList = [...new Set(pageIds)].sort(byCodeUnits);
  const pageIndex = new Map(pageList.map((id, index) => [id, index]));
  writer.add('pageIds', encoder.encode(JSON.stringify(pageList)));
  const pageOf = (id: string) => (Object.hasOwn(data.pages, id) ? data.pages[id] : undefined);
  writer.strings('pages.titles', pageList.map((id) => pageOf(id)?.[0] ?? ''));
  // A JSON array, never empty text: empty for an id with no page row.
  writer.strings(
    'pages.breadcrumbs',
    pageList.map((id) => {
      const page = pageOf(id);
      return page ? JSON.stringify(page[1]) : '';
    }),
  );
  const flags = new Uint8Array(count);
  const storedUrls = urls.map((url, section) => {
    const pageId = pageIds[section]!;
    const heading = headings[section] ?? null;
    flags[section] = (heading !== null ? hasHeading : 0) | (texts[section] !== null ? hasText : 0);
    if (heading !== null && url === `${pageId}#${heading}`) {
      flags[section]! |= urlIsHeading;
      return '';
    }
    if (!url.startsWith(pageId)) return url;
    flags[section]! |= urlAfterPage;
    return url.slice(pageId.length);
  });
  writer.add('sections.flags', flags);
  writer.uints('sections.page', pageIds.map((id) => pageIndex.get(id)!));
  writer.strings('sections.urls', storedUrls);
  writer.strings('sections.headings', headings.map((heading) => heading ?? ''));
  writer.strings('sections.texts', texts.map((text) => text ?? ''));

  // The name field's tokens are most of the title's (an option's heading is its name): one list of every field's tokens.
  const postings = [...scoredFields.map((field) => data.fields[field].postings), data.title];
  const tokens = [...new Set(postings.flatMap((field) => field.tokens))].sort(byCodeUnits);
  writer.sortedStrings('tokens', tokens);
  const dictionary = new Map(tokens.map((token, id) => [token, id]));
  const averages = {} as Record<ScoredField, number>;
  for (const field of scoredFields) {
    const { lengths } = data.fields[field];
    writer.uints(`fields.${field}.lengths`, lengths);
    writer.postings(`fields.${field}.postings`, data.fields[field].postings, dictionary);
    averages[field] = averageLength(lengths);
  }
  writer.postings('title', data.title, dictionary);

  // Option sections by name, so an option's full name is found without reading every heading on its first search.
  const options = [...optionTable(data)].sort(([a], [b]) => byCodeUnits(a, b));
  writer.uints('options', options.map(([, section]) => section));

  const header = encoder.encode(JSON.stringify({ meta, count, averages, parts: writer.parts } satisfies Header));
  const bodyStart = align8(magic.length + 4 + header.length);
  const bytes = new Uint8Array(bodyStart + writer.size);
  bytes.set(magic, 0);
  new DataView(bytes.buffer).setUint32(magic.length, header.length, true);
  bytes.set(header, magic.length + 4);
  let at = bodyStart;
  for (const chunk of writer.chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const align8 = (offset: number) => Math.ceil(offset / 8) * 8;

// ---------------------------------------------------------------- reading

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
export class StringColumn {
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
