import { describe, expect, it } from 'vitest';
import { httpDate, isNotModified, parseHttpDate } from '@/lib/http/conditional';

/** lib/http/conditional.ts: RFC 9110's conditional GET for the text views (§13.1.2, §13.1.3, §13.2.2). */
const current = { etag: '"abc"', lastModified: '2026-11-20T14:03:11Z' };
const ask = (headers: Record<string, string>) => isNotModified(new Headers(headers), current);

describe('HTTP dates (RFC 9110 §5.6.7)', () => {
  it('read all three forms as the same instant', () => {
    const instant = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(instant);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(instant);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(instant);
  });

  it('refuse what is not one date', () => {
    for (const value of ['', 'yesterday', '2026-11-20T14:03:11Z', 'Fri, 20 Nov 2026 14:03:11 UTC', 'Fri, 31 Feb 2026 14:03:11 GMT', 'Fri, 20 Nov 2026 24:03:11 GMT', 'Fri, 20 Nov 2026 14:03:11 GMT, Fri, 20 Nov 2026 14:03:11 GMT']) {
      expect(parseHttpDate(value), value).toBeUndefined();
    }
  });

  it('write Last-Modified as IMF-fixdate', () => {
    expect(httpDate('2026-11-20T14:03:11Z')).toBe('Fri, 20 Nov 2026 14:03:11 GMT');
    expect(parseHttpDate(httpDate('2026-11-20T14:03:11Z'))).toBe(Date.parse('2026-11-20T14:03:11Z'));
  });
});

describe('a conditional GET (RFC 9110 §13.2.2)', () => {
  it('is not modified when If-None-Match names the entity tag, weakly compared, or is *', () => {
    expect(ask({ 'if-none-match': '"abc"' })).toBe(true);
    expect(ask({ 'if-none-match': '"x", W/"abc"' })).toBe(true);
    expect(ask({ 'if-none-match': '*' })).toBe(true);
    expect(ask({ 'if-none-match': '"stale"' })).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match', () => {
    expect(ask({ 'if-modified-since': 'Fri, 20 Nov 2026 14:03:11 GMT' })).toBe(true);
    expect(ask({ 'if-none-match': '"stale"', 'if-modified-since': 'Fri, 20 Nov 2026 14:03:11 GMT' })).toBe(false);
    expect(ask({ 'if-none-match': '"abc"', 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).toBe(true);
  });

  it('is not modified when the page changed at or before If-Modified-Since', () => {
    expect(ask({ 'if-modified-since': 'Fri, 20 Nov 2026 14:03:12 GMT' })).toBe(true);
    expect(ask({ 'if-modified-since': 'Fri, 20 Nov 2026 14:03:10 GMT' })).toBe(false);
    expect(isNotModified(new Headers({ 'if-modified-since': 'Fri, 20 Nov 2026 14:03:11 GMT' }), { etag: '"abc"', lastModified: '2026-11-20T14:03:11.900Z' })).toBe(true);
  });

  it('ignores an If-Modified-Since that is not a date, and a representation without a date', () => {
    expect(ask({ 'if-modified-since': 'not a date' })).toBe(false);
    expect(isNotModified(new Headers({ 'if-modified-since': 'Fri, 20 Nov 2026 14:03:11 GMT' }), { etag: '"abc"' })).toBe(false);
    expect(ask({})).toBe(false);
  });
});
