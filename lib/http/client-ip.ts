/**
 * Who a request comes from, for the per-client rate limit (spec: "Limits").
 *
 * - On Vercel the platform sets `x-vercel-forwarded-for` / `x-real-ip` and
 *   strips client copies, so they are trusted.
 * - Elsewhere every forwarding header is client-controlled. The socket
 *   peer is stamped into `x-svc-peer` by instrumentation.ts (Next 16's
 *   proxy has no socket access, and Next keeps a client's own
 *   `X-Forwarded-For` instead of appending the peer). With
 *   TRUST_PROXY_HOPS = n, the client is the address n hops back along
 *   `X-Forwarded-For` + peer; with 0 (the default) it is the peer itself,
 *   so a client sending its own X-Forwarded-For cannot escape its limit.
 */
export const peerHeader = 'x-svc-peer';

export interface ClientIpOptions {
  onVercel: boolean;
  trustProxyHops: number;
}

function firstEntry(value: string | null): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

export function clientIp(headers: Headers, options: ClientIpOptions): string {
  if (options.onVercel) {
    return firstEntry(headers.get('x-vercel-forwarded-for')) ?? firstEntry(headers.get('x-real-ip')) ?? 'unknown';
  }
  const peer = headers.get(peerHeader)?.trim();
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Next appends nothing when a client sent X-Forwarded-For, so the chain is
  // the header's entries followed by the real peer.
  const chain = peer ? [...forwarded.filter((_, i, all) => !(i === all.length - 1 && all[i] === peer)), peer] : forwarded;
  if (chain.length === 0) return 'unknown';
  const index = Math.max(0, chain.length - 1 - options.trustProxyHops);
  return normalizeIp(chain[index]!);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
