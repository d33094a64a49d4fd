/**
 * Repairs the percent-encoding of a request target's path the way the
 * WHATWG URL Standard reads it: a run of escapes that is not UTF-8 decodes
 * to U+FFFD, and a `%` not followed by two hex digits is a literal `%`.
 * Next.js throws on such paths (`decodeURIComponent`) and answers a bare
 * 500; repaired, `/v1/releases/%FF` names the app `\uFFFD`, which does not
 * exist, and gets that path's usual 404, never a 500 (/docs/api/errors,
 * "Methods and malformed paths"). The
 * query is left alone: URLSearchParams already decodes leniently.
 */
const escapeRun = /(?:%[0-9A-Fa-f]{2})+/g;
const strayPercent = /%(?![0-9A-Fa-f]{2})/g;
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false });

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

export function repairPercentEncoding(target: string): string {
  if (!target.includes('%')) return target;
  const queryAt = target.search(/[?#]/);
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  if (decodes(path)) return target;
  const repaired = path.replace(strayPercent, '%25').replace(escapeRun, (run) => {
    if (decodes(run)) return run;
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16));
    return encodeURIComponent(lenientUtf8.decode(bytes));
  });
  return queryAt < 0 ? repaired : repaired + target.slice(queryAt);
}

const anyEscape = /%[0-9A-Fa-f]{2}/g;
const unreserved = /^[A-Za-z0-9._~-]$/;

/**
 * The request target as every later step sees it: repaired (above), and
 * with the escapes of unreserved characters decoded (RFC 3986 §6.2.2.2:
 * `%61` and `a` are the same URI). Next matches its static routes, and the
 * proxy its tables, against the path as sent, but decodes a dynamic
 * segment: without this `/%68acker.sh` was a 404 while `/download/%70ounce`
 * was pounce's download. What stays encoded (`%25`, `%2F`, non-ASCII) is
 * decoded exactly once, by the router, into the segment's value; nothing
 * here adds a `%`, so nothing is ever decoded twice.
 */
export function normalizeRequestTarget(target: string): string {
  const repaired = repairPercentEncoding(target);
  if (!repaired.includes('%')) return repaired;
  const queryAt = repaired.search(/[?#]/);
  const path = queryAt < 0 ? repaired : repaired.slice(0, queryAt);
  const normal = path.replace(anyEscape, (escape) => {
    const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return unreserved.test(char) ? char : escape;
  });
  return queryAt < 0 ? normal : normal + repaired.slice(queryAt);
}
