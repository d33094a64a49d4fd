import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '@/lib/framework/node-server-hooks';
import { securityHeaderSets } from '@/lib/http/security-header-sets';
import { otherPolicy, pagePolicy, transportSecurity } from '@/lib/http/security-headers.mjs';

/**
 * Which security headers an answer gets (lib/http/security-header-sets.ts,
 * applied by the writeHead hook): the page set on HTML, the short policy on
 * everything else, HSTS only for an https origin, and a relaxed script
 * policy only under `next dev` or over pages the build did not prepare.
 */
const hash = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

describe('the header sets', () => {
  it('a prepared build: its hashes, no unsafe script source', () => {
    const sets = securityHeaderSets({ kind: 'prepared', sources: [hash] }, false);
    expect(sets.document['Content-Security-Policy']).toBe(pagePolicy([hash]));
    expect(sets.document['Content-Security-Policy']).toContain(`script-src 'self' ${hash};`);
    expect(sets.document['Content-Security-Policy']).not.toMatch(/script-src[^;]*'unsafe-/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(sets.document['Content-Security-Policy']).toContain(directive);
    }
    expect(sets.document['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(sets.document['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(sets.other).toEqual({ 'Content-Security-Policy': otherPolicy });
    expect(sets.document['Strict-Transport-Security']).toBeUndefined();
  });

  it('an https origin adds HSTS to both sets', () => {
    const sets = securityHeaderSets({ kind: 'prepared', sources: [hash] }, true);
    expect(sets.document['Strict-Transport-Security']).toBe(transportSecurity);
    expect(sets.other['Strict-Transport-Security']).toBe(transportSecurity);
  });

  it("relaxes scripts only under next dev (eval) and over pages the build did not prepare ('unsafe-inline')", () => {
    expect(securityHeaderSets({ kind: 'development' }, false).document['Content-Security-Policy']).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval';");
    expect(securityHeaderSets({ kind: 'unprepared' }, false).document['Content-Security-Policy']).toContain("script-src 'self' 'unsafe-inline';");
  });
});

describe('applying them to an answer', () => {
  const sets = securityHeaderSets({ kind: 'prepared', sources: [hash] }, false);
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      const status = Number(url.searchParams.get('status') ?? 200);
      const type = url.searchParams.get('type') ?? undefined;
      // As next.config.mjs's headers arrive: set for every path before the answer is written.
      response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      response.setHeader('Content-Security-Policy', 'from the routes manifest');
      const inline: Record<string, string> = type ? { 'content-type': type } : {};
      if (url.searchParams.has('inline-policy')) inline['content-security-policy'] = 'given to writeHead';
      applySecurityHeaders(response, status, type, inline, sets);
      response.writeHead(status, inline).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (query: string) => (await fetch(`${base}/?${query}`)).headers;

  it('an HTML answer gets the page set, whatever was set before or given inline', async () => {
    const headers = await get(`type=${encodeURIComponent('text/html; charset=utf-8')}&inline-policy`);
    expect(headers.get('content-security-policy')).toBe(pagePolicy([hash]));
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('any other answer gets the short policy and loses the document-only headers', async () => {
    for (const type of ['application/json', 'application/problem+json', 'text/markdown; charset=utf-8', 'text/plain', 'image/png']) {
      const headers = await get(`type=${encodeURIComponent(type)}&inline-policy`);
      expect(headers.get('content-security-policy'), type).toBe(otherPolicy);
      expect(headers.get('referrer-policy'), type).toBeNull();
      expect(headers.get('cross-origin-opener-policy'), type).toBeNull();
    }
  });

  it('a 304 is left as it was set: it updates what the cache stored with the answer it revalidates', async () => {
    const headers = await get('status=304');
    expect(headers.get('content-security-policy')).toBe('from the routes manifest');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
