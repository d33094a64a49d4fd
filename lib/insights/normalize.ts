/**
 * What is kept of a query or a comment (/docs/operate/insights, "What is
 * stored"): before anything is stored, text that could name or reach a
 * person is replaced by a placeholder, and long text is cut. A query is
 * also kept as search matched it: lowercased, its spaces collapsed.
 */
export const maxQueryChars = 200;
export const maxCommentChars = 500;

/** In order: an e-mail before a URL (`mailto:`), a URL before the token rule (its path), a token before the digit rule (its digits). */
const placeholders: [RegExp, string][] = [
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, '[email]'],
  // Only URLs with a query string: a path alone (`/docs/rooms`) is what a reader asks about.
  [/\b(?:https?:\/\/|www\.)[^\s?#]*\?\S*/giu, '[url]'],
  [/\b[a-z][a-z0-9+.-]*:\/\/\S*\?\S*/giu, '[url]'],
  // Token-like: 20 or more letters, digits, `_` or `-`, with both letters and digits (keys, hashes, session ids).
  [/\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{20,}\b/giu, '[token]'],
  // Six digits or more: phone, card, account and order numbers.
  [/\d(?:[\s-]?\d){5,}/gu, '[number]'],
];

function redact(text: string): string {
  let out = text;
  for (const [pattern, placeholder] of placeholders) out = out.replace(pattern, placeholder);
  return out;
}

/** Cut at `max` characters (whole code points), marked with an ellipsis. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A query as it is kept: placeholders, lowercased, spaces collapsed, cut; '' when nothing is left. */
export function normalizeQuery(query: string): string {
  return truncate(redact(query.normalize('NFC')).toLowerCase().replace(/\s+/g, ' ').trim(), maxQueryChars);
}

/** A comment as it is kept: placeholders, control characters and runs of spaces made single spaces, cut. */
export function normalizeComment(comment: string): string {
  const plain = comment.normalize('NFC').replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return truncate(redact(plain).replace(/\s+/g, ' ').trim(), maxCommentChars);
}
