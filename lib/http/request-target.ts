/**
 * Repairs the percent-encoding of a request target's path the way the
 * WHATWG URL Standard reads it: a run of escapes that is not UTF-8 decodes
 * to U+FFFD, and a `%` not followed by two hex digits is a literal `%`.
 * Next.js throws on such paths (`decodeURIComponent`) and answers a bare
 * 500; repaired, `/v1/releases/%FF` names the app `\uFFFD`, which does not
 * exist, and gets that path's usual 404 (issue 9, item 1). The query is left
 * alone: URLSearchParams already decodes leniently.
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
