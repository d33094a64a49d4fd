import { createHash } from 'node:crypto';
import type { Element, Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';

/**
 * A prerendered page made ready for a Content-Security-Policy without
 * 'unsafe-inline' scripts, while it stays the static file `next build`
 * wrote (scripts/prepare-page-scripts.mjs runs this over every one).
 *
 * Next writes each page's React payload as inline scripts,
 * `self.__next_f.push([1,"…"])`, different on every page: allowed by hash,
 * every page would need its own list in its header, five hashes or more
 * (270 bytes and up, incompressible) on a docs page. Here the payload
 * becomes data, `<script type="text/x-component">` holding the payload's
 * text as is (a data block: no policy applies to it), and one small inline
 * script, the same on every page (`payloadRunner`), hands it to Next's
 * client as Next's own scripts would have. What inline scripts remain are
 * the same on every page (the theme script, the sidebar's, Next's bundler
 * bootstrap and the runner), so one list of hashes serves the whole site.
 *
 * The payload as plain text compresses far better than as a JavaScript
 * string: its HTML strings (the docs' static trees) match the page's HTML
 * once no `"` is escaped (figures:
 * docs/decisions/0001-prerendered-pages-with-hashed-scripts.md).
 *
 * A Suspense boundary still pending when Next sent the shell (a client
 * component loaded with `React.lazy`, resolved after it) comes with React's
 * inline scripts that move its content into place (`$RC("B:1","S:1")`):
 * that move is made here once, as React would have written the page had
 * the content been ready in time.
 *
 * Any other inline script is kept and hashed; one this module does not know
 * the shape of but that looks like Next's or React's fails the build, so a
 * new Next never ships a page whose scripts the policy blocks.
 */

export class PageScriptsError extends Error {}

/** The MIME type Next gives a React payload (RSC) answer: the data blocks' type. */
export const payloadType = 'text/x-component';

/**
 * The one script that runs the payload: pushes Next's bootstrap marker and
 * each data block's text, in document order, into `self.__next_f`, the queue
 * Next's client reads (before or after its code loads). Written short by
 * hand: every page carries it. A block's `data-escape` names the character
 * that stands before a code for what HTML script text cannot hold
 * (`escapePayload`).
 */
export const payloadRunner =
  '(()=>{const f=self.__next_f=self.__next_f||[],c={l:"<",r:"\\r",z:"\\0"};f.push([0]);' +
  `for(const s of document.querySelectorAll('script[type="${payloadType}"]')){const e=s.dataset.escape,t=s.text;` +
  'f.push([1,e?t.split(e).map((p,i)=>i?c[p[0]]+p.slice(1):p).join(""):t])}})()';

const codes: Record<string, string> = { '<': 'l', '\r': 'r', '\0': 'z' };

/**
 * The payload's text as a data block's content: script text ends at
 * `</script` and changes meaning after `<!--`, and the HTML parser turns CR
 * into LF and NUL into U+FFFD (HTML "Preprocessing the input stream"), while
 * the payload's text rows count their bytes. Each such character becomes an
 * escape character (one the text does not contain, from the Private Use
 * Area) and a letter; a text with none is kept as it is.
 */
export function escapePayload(text: string): { text: string; escape?: string } {
  if (!text.isWellFormed()) throw new PageScriptsError('the payload holds a lone surrogate, which HTML cannot carry');
  const unsafe = /<(?=\/script|!--)|[\r\0]/gi;
  if (!unsafe.test(text)) return { text };
  let code = 0xe000;
  while (code <= 0xf8ff && text.includes(String.fromCharCode(code))) code++;
  if (code > 0xf8ff) throw new PageScriptsError('no private-use character is free to escape the payload with');
  const escape = String.fromCharCode(code);
  return { text: text.replace(unsafe, (character) => escape + codes[character]), escape };
}

interface ScriptTag {
  start: number;
  end: number;
  attributes: string;
  text: string;
}

/**
 * The page's script elements. React escapes `<` in text and attribute
 * values and `</script` inside scripts, so in its output a `<script` starts
 * an element and the first `</script>` after it ends it.
 */
function scriptTags(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    attributes: match[1]!,
    text: match[2]!,
  }));
}

const jsTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** Whether a script element runs its text: no `src`, and no type or a JavaScript one (others are data blocks). */
function runsInline(tag: ScriptTag): boolean {
  if (/\ssrc\s*=/i.test(` ${tag.attributes}`)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/i.exec(` ${tag.attributes}`)?.[1];
  return type === undefined || jsTypes.has(type.trim().toLowerCase());
}

const bootstrapMarker = '(self.__next_f=self.__next_f||[]).push([0])';
const payloadChunk = /^self\.__next_f\.push\((\[[\s\S]*\])\)$/;
const boundaryCompletion = /^(?:\$RC\("B:[0-9a-z]+","S:[0-9a-z]+"\);?)+$/;
const boundaryRuntime = /^\$RB=\[\];/;
const shellTime = 'requestAnimationFrame(function(){$RT=performance.now()});';

function findById(node: Nodes, id: string): Element | undefined {
  if (node.type === 'element' && node.properties.id === id) return node;
  if ('children' in node) {
    for (const child of node.children) {
      const found = findById(child, id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * What React's `$RC(boundary, segment)` does in the browser, done in the
 * file: the segment's content (`<div hidden id="S:1">`) replaces the
 * boundary's placeholder and fallback (`<!--$?--><template id="B:1"></template>…<!--/$-->`),
 * and the boundary is marked complete (`<!--$-->`), the form React writes
 * for a boundary ready before the shell is sent.
 */
function completeBoundary(html: string, boundary: string, segment: string, page: string): string {
  const tree = fromHtml(html);
  const holder = findById(tree, segment);
  if (holder?.tagName !== 'div' || !holder.position) throw new PageScriptsError(`${page}: Suspense segment ${segment} not found`);
  const first = holder.children[0]?.position?.start.offset;
  const last = holder.children.at(-1)?.position?.end.offset;
  const content = first === undefined || last === undefined ? '' : html.slice(first, last);
  const withoutHolder = html.slice(0, holder.position.start.offset) + html.slice(holder.position.end.offset);

  const placeholder = `<!--$?--><template id="${boundary}"></template>`;
  const at = withoutHolder.indexOf(placeholder);
  if (at < 0 || withoutHolder.indexOf(placeholder, at + 1) >= 0) throw new PageScriptsError(`${page}: Suspense boundary ${boundary} not found once`);
  // The fallback runs to the boundary's own end marker: count the boundaries nested in it.
  const markers = /<!--(\/?)(?:\$[?!~]?|&)-->/g;
  markers.lastIndex = at + placeholder.length;
  let depth = 0;
  let end: RegExpExecArray | null;
  while ((end = markers.exec(withoutHolder))) {
    if (!end[1]) depth++;
    else if (depth === 0) break;
    else depth--;
  }
  if (!end) throw new PageScriptsError(`${page}: Suspense boundary ${boundary} has no end`);
  return `${withoutHolder.slice(0, at)}<!--$-->${content}${withoutHolder.slice(end.index)}`;
}

/** Removes script elements (by position, last first). */
function withoutTags(html: string, tags: readonly ScriptTag[]): string {
  let result = html;
  for (const tag of [...tags].sort((a, b) => b.start - a.start)) result = result.slice(0, tag.start) + result.slice(tag.end);
  return result;
}

const boundaryCall = /\$RC\("(B:[0-9a-z]+)","(S:[0-9a-z]+)"\);?/g;

/**
 * React's boundary scripts in a page, in document order: its runtime
 * (`$RB=[];…$RC=function…`, which ends with the first completion), one
 * script per further completion, and the shell-time script. Each completion
 * is `[boundary, segment]`. A script of React's with any other instruction
 * fails: this step would not know what it does.
 */
function boundaryScripts(html: string, page: string): { tags: ScriptTag[]; completions: [string, string][] } {
  const tags: ScriptTag[] = [];
  const completions: [string, string][] = [];
  for (const tag of scriptTags(html)) {
    if (!runsInline(tag)) continue;
    const isRuntime = boundaryRuntime.test(tag.text);
    if (tag.text === shellTime) {
      tags.push(tag);
      continue;
    }
    if (!isRuntime && !boundaryCompletion.test(tag.text)) continue;
    const calls = [...tag.text.matchAll(boundaryCall)];
    const rest = tag.text.replace(boundaryCall, '');
    if (isRuntime ? /\$R[A-Z]+\(/.test(rest) : rest !== '') {
      throw new PageScriptsError(`${page}: a Suspense script of React's this step does not know: ${tag.text.slice(0, 80)}`);
    }
    tags.push(tag);
    for (const call of calls) completions.push([call[1]!, call[2]!]);
  }
  return { tags, completions };
}

/** Completes the boundaries React left pending, and drops the scripts that would have. */
function completeBoundaries(html: string, page: string): string {
  const { tags, completions } = boundaryScripts(html, page);
  let result = withoutTags(html, tags);
  for (const [boundary, segment] of completions) result = completeBoundary(result, boundary, segment, page);
  if (result.includes('<template id="B:')) throw new PageScriptsError(`${page}: a Suspense boundary is still pending, with no script of React's to complete it`);
  return result;
}

export interface PreparedPage {
  html: string;
  /** The texts of the inline scripts the page still runs (to be allowed by hash). */
  inlineScripts: string[];
}

/**
 * Prepares one prerendered page (its HTML as `next build` wrote it). A page
 * already prepared comes back unchanged, so the step may run twice.
 */
export function preparePage(html: string, page: string): PreparedPage {
  const completed = completeBoundaries(html, page);
  const tags = scriptTags(completed);
  let result = '';
  let from = 0;
  let sawMarker = false;
  let lastPayloadEnd = -1;
  const inlineScripts: string[] = [];
  for (const tag of tags) {
    if (!runsInline(tag)) continue;
    result += completed.slice(from, tag.start);
    from = tag.end;
    const chunk = payloadChunk.exec(tag.text);
    if (tag.text === payloadRunner) {
      // Prepared before: kept as it is.
      result += completed.slice(tag.start, tag.end);
      inlineScripts.push(tag.text);
    } else if (tag.text === bootstrapMarker) {
      sawMarker = true;
    } else if (chunk) {
      let entry: unknown;
      try {
        entry = JSON.parse(chunk[1]!);
      } catch {
        throw new PageScriptsError(`${page}: a payload script is not JSON: ${tag.text.slice(0, 80)}`);
      }
      if (!Array.isArray(entry) || entry.length !== 2 || entry[0] !== 1 || typeof entry[1] !== 'string') {
        throw new PageScriptsError(`${page}: a payload script of a kind this step does not know: ${tag.text.slice(0, 80)}`);
      }
      const { text, escape } = escapePayload(entry[1]);
      result += `<script type="${payloadType}"${escape ? ` data-escape="${escape}"` : ''}>${text}</script>`;
      lastPayloadEnd = result.length;
    } else if (/__next_f|^\$R[A-Z]/.test(tag.text)) {
      throw new PageScriptsError(`${page}: an inline script of Next's or React's this step does not know: ${tag.text.slice(0, 80)}`);
    } else {
      result += completed.slice(tag.start, tag.end);
      inlineScripts.push(tag.text);
    }
  }
  result += completed.slice(from);
  if (lastPayloadEnd >= 0) {
    if (!sawMarker) throw new PageScriptsError(`${page}: payload scripts without Next's bootstrap marker`);
    const runner = `<script>${payloadRunner}</script>`;
    result = result.slice(0, lastPayloadEnd) + runner + result.slice(lastPayloadEnd);
    inlineScripts.push(payloadRunner);
  } else if (sawMarker) {
    throw new PageScriptsError(`${page}: Next's bootstrap marker without payload scripts`);
  }
  return { html: result, inlineScripts };
}

/** A CSP hash source for a script's text (CSP Level 3 §2.3.1: the UTF-8 bytes, SHA-256, base64). */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
