/** RFC 9110 §13.1.2: does an `If-None-Match` value match this entity tag (weak comparison, or `*`)? */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const longDay = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const month = `(${months.join('|')})`;
const time = '(\\d\\d):(\\d\\d):(\\d\\d)';
/** RFC 9110 §5.6.7: IMF-fixdate, then the two obsolete forms a recipient must still read (rfc850-date, asctime-date). */
const imfFixdate = new RegExp(`^${day}, (\\d\\d) ${month} (\\d{4}) ${time} GMT$`);
const rfc850Date = new RegExp(`^${longDay}, (\\d\\d)-${month}-(\\d\\d) ${time} GMT$`);
const asctimeDate = new RegExp(`^${day} ${month} ([ \\d]\\d) ${time} (\\d{4})$`);

/** An HTTP-date (RFC 9110 §5.6.7) in milliseconds since the epoch, or undefined when the value is not one. */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let parts: [year: number, month: string, day: number, h: string, m: string, s: string] | undefined;
  let found = imfFixdate.exec(text);
  if (found) parts = [Number(found[3]), found[2]!, Number(found[1]), found[4]!, found[5]!, found[6]!];
  else if ((found = rfc850Date.exec(text))) {
    // A two-digit year more than 50 years ahead is in the past century (§5.6.7).
    const twoDigits = Number(found[3]);
    const thisYear = new Date().getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + twoDigits;
    if (year > thisYear + 50) year -= 100;
    parts = [year, found[2]!, Number(found[1]), found[4]!, found[5]!, found[6]!];
  } else if ((found = asctimeDate.exec(text))) parts = [Number(found[6]), found[1]!, Number(found[2]), found[3]!, found[4]!, found[5]!];
  if (!parts) return undefined;
  const [year, monthName, date, hours, minutes, seconds] = parts;
  const ms = Date.UTC(year, months.indexOf(monthName), date, Number(hours), Number(minutes), Number(seconds));
  // 31 Feb and 25:00 are not dates.
  const check = new Date(ms);
  if (check.getUTCDate() !== date || check.getUTCHours() !== Number(hours) || check.getUTCMinutes() !== Number(minutes) || check.getUTCSeconds() !== Number(seconds)) return undefined;
  return ms;
}

/** A `Last-Modified` value (IMF-fixdate) of an ISO 8601 time. */
export const httpDate = (iso: string): string => new Date(iso).toUTCString();

/**
 * RFC 9110 §13.2.2 for a GET or HEAD: whether the answer is 304 Not
 * Modified. `If-None-Match`, when sent, decides alone (weak comparison,
 * §13.1.2); only without it is `If-Modified-Since` read (§13.1.3), and
 * ignored unless it is one valid HTTP-date: not modified when the
 * representation last changed at or before it (whole seconds, as HTTP dates are).
 */
export function isNotModified(headers: Headers, current: { etag: string; lastModified?: string }): boolean {
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) return ifNoneMatchMatches(ifNoneMatch, current.etag);
  const ifModifiedSince = headers.get('if-modified-since');
  if (ifModifiedSince === null || current.lastModified === undefined) return false;
  const since = parseHttpDate(ifModifiedSince);
  if (since === undefined) return false;
  return Math.floor(new Date(current.lastModified).getTime() / 1000) * 1000 <= since;
}
