import Negotiator from 'negotiator';

/**
 * Content negotiation over `Accept` (RFC 9110 §12.5.1) with quality values,
 * by the `negotiator` package. `available` is in server preference order,
 * which breaks ties (so a bare wildcard gets HTML).
 */
export function preferredMediaType(accept: string | null, available: readonly string[]): string | undefined {
  const negotiator = new Negotiator({ headers: { accept: accept ?? '*/*' } });
  return negotiator.mediaType([...available]);
}

/** negotiator 1.x takes a server preference that breaks ties (its types still describe 0.6). */
type EncodingChoice = (available: string[], options: { preferred: string[] }) => string | undefined;

/**
 * Whether brotli is the content coding to send for this Accept-Encoding
 * (RFC 9110 §12.5.3): the client's quality values, brotli first on a tie,
 * as the compression middleware chooses.
 */
export function prefersBrotli(acceptEncoding: string | undefined): boolean {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } });
  const choose = negotiator.encoding.bind(negotiator) as unknown as EncodingChoice;
  const order = ['br', 'gzip', 'identity'];
  return choose(order, { preferred: order }) === 'br';
}

/** Every HTML response varies on these (/docs/api, "Accept negotiation"). */
export const htmlVary = 'Accept, User-Agent, Accept-Encoding';
