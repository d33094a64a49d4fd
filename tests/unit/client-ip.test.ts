import { describe, expect, it } from 'vitest';
import { clientIp, peerStamp } from '@/lib/http/client-ip';
import { mergeVary } from '@/lib/framework/node-server-hooks';
import { preferredMediaType } from '@/lib/http/negotiation';
import { negotiatePage } from '@/lib/http/page-negotiation';

const headers = (init: Record<string, string>) => new Headers(init);

describe('clientIp', () => {
  const direct = { onVercel: false, trustProxyHops: 0 };
  it('is the socket peer off Vercel, whatever X-Forwarded-For says', () => {
    expect(clientIp(headers({ 'x-svc-peer': peerStamp('127.0.0.5'), 'x-forwarded-for': '1.2.3.4' }), direct)).toBe('127.0.0.5');
    expect(clientIp(headers({ 'x-svc-peer': peerStamp('::ffff:10.1.1.1') }), direct)).toBe('10.1.1.1');
  });
  it('never believes a peer header the client sent', () => {
    for (const forged of ['10.9.9.9', 'x 10.9.9.9', `${'a'.repeat(24)} 10.9.9.9`, '']) {
      expect(clientIp(headers({ 'x-svc-peer': forged }), direct)).toBe('unknown');
      expect(clientIp(headers({ 'x-svc-peer': forged, 'x-forwarded-for': '1.2.3.4' }), direct)).toBe('unknown');
    }
    // With one trusted hop and no stamped peer, the proxy's entry is the client.
    expect(clientIp(headers({ 'x-svc-peer': '10.9.9.9', 'x-forwarded-for': '1.2.3.4' }), { onVercel: false, trustProxyHops: 1 })).toBe('1.2.3.4');
  });
  it('walks back TRUST_PROXY_HOPS entries', () => {
    const h = headers({ 'x-svc-peer': peerStamp('10.0.0.1'), 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    expect(clientIp(h, { onVercel: false, trustProxyHops: 1 })).toBe('203.0.113.9');
    expect(clientIp(h, { onVercel: false, trustProxyHops: 2 })).toBe('6.6.6.6');
    expect(clientIp(h, { onVercel: false, trustProxyHops: 9 })).toBe('6.6.6.6');
  });
  it('uses the platform headers on Vercel', () => {
    expect(clientIp(headers({ 'x-vercel-forwarded-for': '198.51.100.1, 10.0.0.1', 'x-svc-peer': '10.9.9.9' }), { onVercel: true, trustProxyHops: 0 })).toBe('198.51.100.1');
    expect(clientIp(headers({ 'x-real-ip': '198.51.100.2' }), { onVercel: true, trustProxyHops: 0 })).toBe('198.51.100.2');
  });
});

describe('negotiation', () => {
  it.each([
    ['text/markdown;q=0.5, text/html;q=0.9', 'text/html'],
    ['text/markdown', 'text/markdown'],
    ['*/*', 'text/html'],
    [null, 'text/html'],
    ['application/json', undefined],
  ])('%s → %s', (accept, expected) => expect(preferredMediaType(accept, ['text/html', 'text/markdown'])).toBe(expected));

  it('rewrites twins and refuses unacceptable pages', () => {
    expect(negotiatePage('/docs/rooms/windows.md', null)).toEqual({ kind: 'rewrite', to: '/llms.mdx/docs/rooms/windows/content.md', headers: {} });
    expect(negotiatePage('/docs', 'text/markdown')).toMatchObject({ kind: 'rewrite', to: '/llms.mdx/docs/content.md' });
    expect(negotiatePage('/problems/not_found', 'text/markdown')).toMatchObject({ kind: 'rewrite', to: '/llms.mdx/problems/not_found' });
    expect(negotiatePage('/', 'application/json').kind).toBe('respond');
    expect(negotiatePage('/v1/search', 'application/json').kind).toBe('pass');
  });

  it('merges Vary tokens without duplicates', () => {
    expect(mergeVary('rsc, Accept-Encoding', ['Accept', 'User-Agent', 'Accept-Encoding'])).toBe('rsc, Accept-Encoding, Accept, User-Agent');
    expect(mergeVary(undefined, ['Accept'])).toBe('Accept');
  });
});
