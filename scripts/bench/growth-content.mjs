#!/usr/bin/env node
// Case (g)'s generated docs: N × the real page count of made-up room pages under content/docs/generated/ of a copy
// of the repository (factor 1 writes none). Each made-up option takes a real option's type, default and rules, so
// word frequencies are the reference's own, under a name no real option has; rare words are made up anew per page,
// so new rooms bring words of their own rather than copies of one sentence. Deterministic.
//
//   node scripts/bench/growth-content.mjs --factor 10 --root <copy of the repo>
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const generatedFolder = 'generated';

const roomWords = ['studio', 'library', 'workshop', 'garage', 'attic', 'cellar', 'porch', 'gallery', 'observatory', 'pantry', 'atrium', 'loft', 'foyer', 'terrace', 'nursery', 'greenhouse'];
const groupWords = ['console', 'ledger', 'signal', 'canvas', 'beacon', 'relay', 'harbor', 'lantern', 'compass', 'quill', 'prism', 'meadow'];
// Setting names a new room plausibly has; a few (enable, timeout, name, size) are common in the real reference too.
const leafWords = [
  'enable', 'interval', 'threshold', 'opacity', 'fadeDelay', 'retryLimit', 'mode', 'level', 'margin', 'speed', 'label',
  'path', 'channel', 'priority', 'timeout', 'name', 'size', 'idleMinutes', 'warmup', 'cadence',
];
const syllables = ['ba', 'cor', 'da', 'fen', 'gri', 'hal', 'ji', 'kor', 'lu', 'mev', 'no', 'pra', 'quo', 'ris', 'sa', 'tor', 'ul', 'vex', 'wy', 'zan'];
const proseTemplates = [
  (room, group) => `The ${group} settings of the ${room} room apply at each activation; an option left unset keeps the value the operating system already has, and a rebuild reports every value it changed.`,
  (room, group) => `Rebuilding the ${room} room writes the ${group} options in the order listed below. Options marked host-only are read on the host alone; the rest may also be set per desktop.`,
  (room, group) => `Every ${group} option of the ${room} room has a default, so a desktop that sets none of them still activates. Values outside their range fail the rebuild with the option's name.`,
];

/** The real option rows, read from the generated catalog module (plain JSON inside TypeScript). */
function realOptionRows(root = repoRoot) {
  const text = readFileSync(path.join(root, 'lib/catalog/options-data.ts'), 'utf8');
  const match = /export const optionRows = (\[[\s\S]*?\n\]) as const;/.exec(text);
  if (!match) throw new Error('lib/catalog/options-data.ts: no `optionRows` array found');
  return JSON.parse(match[1]);
}

/** The real docs pages (MDX files outside the generated folder). */
function realPageCount(root = repoRoot) {
  const docs = path.join(root, 'content/docs');
  let count = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!(dir === docs && entry.name === generatedFolder)) visit(path.join(dir, entry.name));
      } else if (entry.name.endsWith('.mdx')) count += 1;
    }
  };
  visit(docs);
  return count;
}

/** MDX reads `<` and `{` outside code as JSX: escape them there (code spans stay as written). */
const mdxText = (text) =>
  text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[<>{}]/g, (char) => `\\${char}`)))
    .join('');

/** FNV-1a, for made-up words that are the same on every run. */
function hash(text) {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

const madeUpWord = (seed) => {
  const value = hash(seed);
  return Array.from({ length: 2 + (value % 2) }, (_, i) => syllables[(value >>> (5 * i + 1)) % syllables.length]).join('');
};

/** The reference's distinctive words: rule words and code values (`jpg`, `mocha`) found in at most two real options. */
function rareWords(rows) {
  const seen = new Map();
  const count = (word) => seen.set(word, (seen.get(word) ?? 0) + 1);
  for (const row of rows) {
    for (const word of new Set(row.rules.toLowerCase().match(/\p{L}{4,}/gu) ?? [])) count(word);
    for (const code of new Set(`${row.type} ${row.default}`.toLowerCase().match(/`[^`]+`/g) ?? [])) count(code);
  }
  return new Set([...seen].filter(([, times]) => times <= 2).map(([word]) => word));
}

/** Text of a real option with its distinctive code values, and words unless `codeOnly`, made up anew for `page`. */
const rephrased = (text, rare, page, codeOnly = false) =>
  text
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? rare.has(part.toLowerCase()) ? `\`${madeUpWord(`${page}:${part.toLowerCase()}`)}\`` : part
        : codeOnly ? part : part.replace(/\p{L}{4,}/gu, (word) => (rare.has(word.toLowerCase()) ? madeUpWord(`${page}:${word.toLowerCase()}`) : word)),
    )
    .join('');

const capital = (word) => word[0].toUpperCase() + word.slice(1);
const pad = (n) => String(n).padStart(3, '0');

/** Page `index` (0-based) of the generated set: four groups of seven options. */
function generatedPage(index, rows, rare = rareWords(rows)) {
  const number = index + 1;
  const roomWord = roomWords[index % roomWords.length];
  const room = `${roomWord}${number}`;
  const title = `Generated room ${pad(number)}: ${capital(roomWord)}`;
  const lines = [
    '---',
    `title: "${title}"`,
    `description: "A made-up room for the growth benchmark, generated from the shapes of the real option reference. None of its options exists."`,
    '---',
    '',
    `This page was generated by scripts/bench/growth-content.mjs to measure the site with more content. The ${capital(roomWord)} room below and its options are made up: each takes the type, default and rules of a real option, under a name no real option has.`,
    '',
  ];
  for (let g = 0; g < 4; g += 1) {
    const group = groupWords[(index * 4 + g) % groupWords.length];
    lines.push(`## ${capital(group)}`, '', proseTemplates[(index + g) % proseTemplates.length](capital(roomWord), group), '');
    for (let o = 0; o < 7; o += 1) {
      const slot = index * 28 + g * 7 + o;
      const row = rows[slot % rows.length];
      const leaf = leafWords[(slot * 7 + g) % leafWords.length];
      const name = `layer.${room}.${group}.${leaf}`;
      const [type, fallback] = [row.type, row.default].map((text) => mdxText(rephrased(text, rare, index, true)));
      lines.push(`### ${name} [#${name}]`, '', `**Type:** ${type} · **Default:** ${fallback}`, '');
      if (row.rules) lines.push(mdxText(rephrased(row.rules, rare, index)), '');
    }
  }
  return { slug: `room-${pad(number)}`, text: lines.join('\n') };
}

/** Writes `factor`'s pages into `root` (a copy), replacing an earlier factor's; answers the page count and bytes. */
export function writeGrowthContent(root, factor) {
  // A copy has no .git: generated pages must never land in a working tree they could be committed from.
  if (existsSync(path.join(root, '.git'))) throw new Error(`${root} is a git working tree: growth content is written into a copy of the repository only`);
  const docs = path.join(root, 'content/docs');
  const folder = path.join(docs, generatedFolder);
  rmSync(folder, { recursive: true, force: true });
  const metaPath = path.join(docs, 'meta.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8'));
  meta.pages = meta.pages.filter((page) => page !== generatedFolder);
  const count = factor > 1 ? Math.round(factor * realPageCount(root)) : 0;
  let bytes = 0;
  if (count > 0) {
    mkdirSync(folder, { recursive: true });
    const rows = realOptionRows(root);
    const rare = rareWords(rows);
    const slugs = [];
    for (let i = 0; i < count; i += 1) {
      const page = generatedPage(i, rows, rare);
      writeFileSync(path.join(folder, `${page.slug}.mdx`), page.text);
      bytes += Buffer.byteLength(page.text);
      slugs.push(page.slug);
    }
    writeFileSync(path.join(folder, 'meta.json'), `${JSON.stringify({ title: 'Generated (benchmark)', pages: slugs }, null, 2)}\n`);
    meta.pages.push(generatedFolder);
  }
  writeFileSync(metaPath, `${JSON.stringify(meta, null, 2)}\n`);
  return { pages: count, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const value = (flag) => {
    const at = process.argv.indexOf(flag);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const factor = Number(value('--factor'));
  const root = value('--root');
  if (!(factor >= 1) || !root || !existsSync(path.join(root, 'content/docs/meta.json'))) {
    console.error('usage: node scripts/bench/growth-content.mjs --factor <N ≥ 1> --root <a copy of the repository>');
    process.exit(2);
  }
  const { pages, bytes } = writeGrowthContent(root, factor);
  console.log(`${pages} generated pages, ${(bytes / 1024).toFixed(0)} KiB of MDX, in ${path.join(root, 'content/docs', generatedFolder)}`);
}
