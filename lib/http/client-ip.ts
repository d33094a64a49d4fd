import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Who a request comes from, for the per-client rate limit (/docs/api/limits,
 * "Rate limit").
 *
 * - On Vercel the platform sets `x-vercel-forwarded-for` / `x-real-ip` and
 *   strips client copies, so they are trusted.
 * - Elsewhere every forwarding header is client-controlled. The socket
 *   peer is stamped into `x-svc-peer` by the server hook that
 *   instrumentation.ts installs (Next 16's proxy has no socket access, and
 *   Next keeps a client's own `X-Forwarded-For` instead of appending the
 *   peer). The stamp carries a random token made when the hook was
 *   installed, so a copy a client sends is never believed, even on a host
 *   where the hook does not run. With TRUST_PROXY_HOPS = n, the client is
 *   the address n hops back along `X-Forwarded-For` + peer; with 0 (the
 *   default) it is the peer itself, so a client sending its own
 *   X-Forwarded-For cannot escape its limit. Without a stamped peer and
 *   with no trusted hops, every such request shares one bucket (`unknown`):
 *   nothing the client sends can choose its bucket.
 */
export const peerHeader = 'x-svc-peer';

export interface ClientIpOptions {
  onVercel: boolean;
  trustProxyHops: number;
}

// One token per process, on globalThis: the hook and the routes are bundled separately.
const tokenSlot = Symbol.for('svc.peer-token');
type TokenHolder = { [tokenSlot]?: string };

/** Makes (once) the token that marks a peer stamp as this process's own. */
export function installPeerToken(): string {
  const holder = globalThis as TokenHolder;
  holder[tokenSlot] ??= randomBytes(18).toString('base64url');
  return holder[tokenSlot];
}

/** The header value the server hook writes: `<token> <address>`. */
export const peerStamp = (address: string) => `${installPeerToken()} ${address}`;

/** The stamped peer address, or undefined when the header is absent or not this process's stamp. */
function trustedPeer(headers: Headers): string | undefined {
  const token = (globalThis as TokenHolder)[tokenSlot];
  const value = headers.get(peerHeader);
  if (!token || !value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0) return undefined;
  const given = Buffer.from(value.slice(0, space));
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return value.slice(space + 1).trim() || undefined;
}

function firstEntry(value: string | null): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

export function clientIp(headers: Headers, options: ClientIpOptions): string {
  if (options.onVercel) {
    return firstEntry(headers.get('x-vercel-forwarded-for')) ?? firstEntry(headers.get('x-real-ip')) ?? 'unknown';
  }
  const peer = trustedPeer(headers) ?? 'unknown';
  // No proxy hop trusted (the default): the peer is the client, whatever X-Forwarded-For says.
  if (options.trustProxyHops === 0) return normalizeIp(peer);
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Next appends nothing when a client sent X-Forwarded-For, so the chain is
  // the header's entries followed by the real peer.
  const chain = [...forwarded.filter((_, i, all) => !(i === all.length - 1 && all[i] === peer)), peer];
  const index = Math.max(0, chain.length - 1 - options.trustProxyHops);
  return normalizeIp(chain[index]!);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
