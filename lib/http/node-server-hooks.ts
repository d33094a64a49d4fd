import http from 'node:http';
import { installPeerToken, peerHeader, peerStamp } from './client-ip';

/**
 * Two hooks on Node's HTTP server, installed once from instrumentation.ts
 * before the server takes requests. Both do what Next 16 gives no other
 * place for:
 *
 * 1. `x-svc-peer`: each request's socket address, replacing any copy a
 *    client sent, stamped with this process's token (lib/http/client-ip.ts). The proxy sees only headers (no socket, no
 *    `request.ip`), and Next keeps a client-sent X-Forwarded-For as is, so
 *    without this the real peer is lost off Vercel.
 * 2. `Vary` on HTML and markdown responses: the spec wants
 *    `Accept, User-Agent, Accept-Encoding` on every HTML response, but
 *    Next's page renderer replaces Vary (`res.setHeader('Vary', …)`) after
 *    the proxy and next.config headers ran. Merging at writeHead is the
 *    one point every response passes.
 */
const installed = Symbol.for('svc.node-server-hooks');
const negotiatedVary = ['Accept', 'User-Agent', 'Accept-Encoding'];

export function mergeVary(current: string | undefined, required: readonly string[]): string {
  const tokens = (current ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const seen = new Set(tokens.map((token) => token.toLowerCase()));
  for (const token of required) if (!seen.has(token.toLowerCase())) tokens.push(token);
  return tokens.join(', ');
}

function isNegotiatedDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^text\/(html|markdown)\b/i.test(contentType);
}

export function installNodeServerHooks(): void {
  const serverProto = http.Server.prototype as http.Server & { [installed]?: boolean };
  if (serverProto[installed]) return;
  serverProto[installed] = true;
  installPeerToken();

  const emit = serverProto.emit;
  serverProto.emit = function emitWithPeer(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[peerHeader] = peerStamp(request.socket?.remoteAddress ?? 'unknown');
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;

  const responseProto = http.ServerResponse.prototype;
  const writeHead = responseProto.writeHead;
  responseProto.writeHead = function writeHeadWithVary(this: http.ServerResponse, ...args: unknown[]) {
    const inline = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as
      | Record<string, unknown>
      | undefined;
    const contentType = this.getHeader('content-type') ?? inline?.['content-type'] ?? inline?.['Content-Type'];
    if (isNegotiatedDocument(contentType) && !this.headersSent) {
      const current = this.getHeader('vary');
      this.setHeader('Vary', mergeVary(Array.isArray(current) ? current.join(', ') : current?.toString(), negotiatedVary));
    }
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof writeHead;
}
