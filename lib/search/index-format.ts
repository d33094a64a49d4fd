import type { ScoredField } from './index-data';

/**
 * The search core's index as bytes: the form scripts/build-search-data.mjs
 * writes before the build and every server loads, the dev server's index
 * made from the pages included (it is encoded, then read like the file), so
 * every search ranks through one reader.
 *
 * Loading it is one read and O(small) work: JSON.parse of the whole index,
 * even packed in columns, grew with the docs, and a query reads few of its
 * entries (figures: docs/decisions/0002-docs-data-and-search-index-before-next-build.md).
 * So integer columns are typed-array views over the bytes (no copy); string
 * columns are one UTF-8 blob each with an offsets table, an entry decoded
 * when asked for; the tokens of every field are one sorted, front-coded
 * list, in which a binary search decodes only the entries it probes, and
 * each field holds its tokens' places in it. Even the pages' titles and
 * breadcrumbs and the vocabulary's counts (in its order, for typo
 * correction and completions) are read on first use, not parsed as JSON
 * and made into maps at load. What a first query would otherwise scan whole
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
 * varints: far fewer bytes than Int32, less to read at every start, and
 * decoding is done once per token a query asks for (figures: decision 0002).
 */
export const searchDataFormat = 'layer-site-search/3';

export const encoder = new TextEncoder();
export const decoder = new TextDecoder();
export const magic = encoder.encode(`${searchDataFormat}\n`);
export const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A part's byte offset from the body's start, its byte length and its element width (1, 2 or 4). */
export type Part = [offset: number, length: number, width: number];

export interface Header {
  meta: Record<string, string>;
  count: number;
  /** Per scored field, its mean length over the sections that have it (lib/search/ranking.ts says why). */
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
export const hasHeading = 1;
export const hasText = 2;
/** The URL is stored after its page id, which it starts with (almost every one: `<page>#<fragment>`). */
export const urlAfterPage = 4;
/** The URL is its page id, `#` and its heading (an option's section, whose anchor is its full name): nothing is stored. */
export const urlIsHeading = 8;

/** Strings per block of the token list, each block's first written whole and the others after the prefix they share with the one before. */
export const tokenBlock = 16;

// ---------------------------------------------------------------- writing

/** The body starts at a multiple of 8 bytes from the file's start (its parts at multiples of 4 from there). */
export const align8 = (offset: number) => Math.ceil(offset / 8) * 8;
