/** RFC 9110 §13.1.2: does an `If-None-Match` value match this entity tag (weak comparison, or `*`)? */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
