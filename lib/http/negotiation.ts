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

/** Every HTML response varies on these (spec: "Documentation and text views"). */
export const htmlVary = 'Accept, User-Agent, Accept-Encoding';
