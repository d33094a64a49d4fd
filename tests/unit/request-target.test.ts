import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRequestTarget, repairPercentEncoding } from '@/lib/framework/request-target';

/**
 * The front door's reading of a request target (lib/framework/request-target.ts):
 * it names the same resource as the target sent, decodes only escapes of
 * unreserved characters (RFC 3986 §6.2.2.2), and never adds a `%`, so the
 * router's one decoding is the only one.
 */
const piece = fc.oneof(
  fc.constantFrom('%', '%G0', '%2', '%25', '%2561', '%252e', '%2e', '%2E', '%2F', '%2f', '%41', '%7e', '%7E', '%5F', '%FF', '%C3%A9', '%C3%28', '%00', '%20'),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@/-]{1,5}$/),
);
const path = fc.array(piece, { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`);
const query = fc.constantFrom('', '?q=%61%25', '?q=%', '#%61');

describe('normalizeRequestTarget', () => {
  it('means what the repaired target means, is idempotent and leaves no escape of an unreserved character', () => {
    fc.assert(
      fc.property(path, query, (raw, tail) => {
        const target = raw + tail;
        const normal = normalizeRequestTarget(target);
        const normalPath = normal.split(/[?#]/, 1)[0]!;
        expect(decodeURIComponent(normalPath)).toBe(decodeURIComponent(repairPercentEncoding(raw)));
        expect(normalizeRequestTarget(normal)).toBe(normal);
        expect(normal.endsWith(tail)).toBe(true);
        for (const escape of normalPath.match(/%[0-9A-Fa-f]{2}/g) ?? []) {
          expect(String.fromCharCode(Number.parseInt(escape.slice(1), 16))).not.toMatch(/^[A-Za-z0-9._~-]$/);
        }
        // Never more `%` than the repaired target: nothing is added for a later step to decode.
        expect(normalPath.split('%').length).toBeLessThanOrEqual(repairPercentEncoding(raw).split('%').length);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['/%68acker.sh', '/hacker.sh'],
    ['/docs/rooms/%61ppearance.md', '/docs/rooms/appearance.md'],
    ['/docs/rooms/%2561ppearance.md', '/docs/rooms/%2561ppearance.md'],
    ['/docs/%252e%252e/x.md', '/docs/%252e%252e/x.md'],
    ['/docs/%25%36%31.md', '/docs/%2561.md'],
    ['/docs/a%2Fb', '/docs/a%2Fb'],
    ['/docs/%.md', '/docs/%25.md'],
    ['/v1/search?q=%61', '/v1/search?q=%61'],
  ])('%s → %s', (target, expected) => {
    expect(normalizeRequestTarget(target)).toBe(expected);
  });
});
