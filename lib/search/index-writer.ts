import { optionHeading, scoredFields, type ScoredField, type SearchData, type TokenPostings } from './index-data';
import { align8, encoder, hasHeading, hasText, magic, tokenBlock, urlAfterPage, urlIsHeading, type Header, type Part } from './index-format';


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

