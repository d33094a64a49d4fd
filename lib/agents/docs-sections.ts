/**
 * One section of a page's markdown twin: its heading line and its body,
 * down to the next heading of the same or a higher level (the MCP resource
 * `<twin>#<section>`, lib/agents/mcp-resources.ts).
 *
 * A section is named by its heading's anchor, the id the page gives it (an
 * option's full name, or a slug). The twins write it after the heading
 * (`## Theme [#theme]`, Fumadocs' custom heading id); a heading without one
 * is matched, in order, with the page's own list of headings and their ids
 * (the search index's structured data), so an anchor is always the page's,
 * never guessed from the text. Headings inside fenced code are not headings.
 */
export interface PageHeading {
  id: string;
  /** The heading's text, as the page's structured data holds it. */
  content: string;
}

interface MarkdownHeading {
  line: number;
  level: number;
  text: string;
}

const fence = /^ {0,3}(`{3,}|~{3,})/;
/** A heading's custom id, as the twins write it: `Theme [#theme]`. */
const customId = /^(.*?)\s*\[#([^\]\s]+)\]$/;
const atxHeading = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;

function markdownHeadings(lines: readonly string[]): MarkdownHeading[] {
  const headings: MarkdownHeading[] = [];
  let open: string | undefined;
  lines.forEach((line, index) => {
    const marker = fence.exec(line)?.[1];
    if (marker && (open === undefined || (marker[0] === open[0] && marker.length >= open.length))) {
      open = open === undefined ? marker : undefined;
      return;
    }
    if (open !== undefined) return;
    const heading = atxHeading.exec(line);
    if (heading) headings.push({ line: index, level: heading[1]!.length, text: heading[2]! });
  });
  return headings;
}

/** A heading's text without its inline markup, as structured data holds it. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The sections of a twin, by the page's heading ids; the page's title line (`# …`) is none of them. */
export function sectionsOf(markdown: string, headings: readonly PageHeading[]): Map<string, string> {
  const lines = markdown.split('\n');
  const found = markdownHeadings(lines).filter((heading) => heading.level > 1);
  const sections = new Map<string, string>();
  let next = 0;
  for (const [index, heading] of found.entries()) {
    const explicit = customId.exec(heading.text);
    let id = explicit?.[2];
    const text = explicit ? explicit[1]! : heading.text;
    // The page's headings in order; one the twin lacks (or writes otherwise) is skipped, not misnamed.
    const at = headings.findIndex((candidate, position) => position >= next && (id ? candidate.id === id : plainText(candidate.content) === plainText(text)));
    if (at !== -1) next = at + 1;
    id ??= headings[at]?.id;
    if (id === undefined) continue;
    const end = found.slice(index + 1).find((later) => later.level <= heading.level)?.line ?? lines.length;
    const body = lines.slice(heading.line, end);
    while (body.length > 1 && body.at(-1)!.trim() === '') body.pop();
    sections.set(id, `${body.join('\n')}\n`);
  }
  return sections;
}
