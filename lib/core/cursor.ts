import { createHash, createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { CoreError } from './core-error';
import { err, ok, type Result } from './result';

/**
 * Page cursors for /v1/search and the desktop, room and app lists
 * (/docs/api/search, /docs/api/catalog: `next_cursor` is passed back as
 * `cursor`). A cursor is
 * `base64url(payload) "." base64url(HMAC-SHA256(secret, payload))`: opaque
 * to clients, tamper-evident, and bound to what it pages — the search query
 * or the list name — so it cannot be replayed against another one.
 */

/** Page size `limit` (/docs/api/limits, "Sizes"): 1–50, default 10. */
export const defaultPageSize = 10;
export const maxPageSize = 50;

/** What a cursor pages: one search query (live or sandbox), or one named list. */
export type CursorScope =
  | { kind: 'search'; q: string; sandbox?: boolean }
  | { kind: 'list'; list: string; sandbox?: boolean };

/** Where the next page starts, and the page size the walk was using. */
export interface PagePosition {
  offset: number;
  limit: number;
}

export interface CursorCodec {
  encode(scope: CursorScope, position: PagePosition): string;
  /** The position a cursor carries, or `invalid_cursor` if it is malformed, forged or for another scope. */
  decode(token: string, scope: CursorScope): Result<PagePosition, CoreError>;
}

// Longer than any cursor this codec issues; refused before any decoding work.
const maxCursorLength = 1024;
const base64url = /^[A-Za-z0-9_-]+$/;

type CursorPayload =
  /** `q` is the query's digest. */
  | { q: string; offset: number; limit: number; sandbox?: true }
  | { list: string; offset: number; limit: number; sandbox?: true };

/**
 * A search cursor carries a digest of its query, not the query: it binds
 * the cursor just as well and keeps it short whatever the length of `q`.
 */
const queryDigest = (q: string) => createHash('sha256').update(q, 'utf8').digest('base64url').slice(0, 22);

function payloadOf(scope: CursorScope, position: PagePosition): CursorPayload {
  const sandbox = scope.sandbox ? { sandbox: true as const } : {};
  return scope.kind === 'search'
    ? { q: queryDigest(scope.q), offset: position.offset, limit: position.limit, ...sandbox }
    : { list: scope.list, offset: position.offset, limit: position.limit, ...sandbox };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The largest page any list takes (/v1/options); each endpoint checks its own range. */
export const maxCursorPageSize = 200;

const isPageSize = (value: unknown, max = maxPageSize): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/** A list's page sizes: the default and the largest `limit` it takes. */
export interface PageSizes {
  default: number;
  max: number;
}
const standardPageSizes: PageSizes = { default: defaultPageSize, max: maxPageSize };

const isOffset = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function matchesScope(payload: Record<string, unknown>, scope: CursorScope): boolean {
  if ((payload.sandbox === true) !== Boolean(scope.sandbox)) return false;
  return scope.kind === 'search' ? payload.q === queryDigest(scope.q) : payload.list === scope.list;
}

/** A cursor that is not one of ours (every door words it the same). */
export const malformedCursor = () =>
  new CoreError('invalid_cursor', 'The `cursor` is malformed. Pass back `next_cursor` exactly as received, or omit `cursor` for the first page.');

export function createCursorCodec(secret: string): CursorCodec {
  if (secret.length === 0) throw new RangeError('the cursor secret must not be empty');
  // The key made once: a string key is converted again by every HMAC made with it.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const sign = (encodedPayload: string) => createHmac('sha256', key).update(encodedPayload).digest();

  return {
    encode(scope, position) {
      const encodedPayload = Buffer.from(JSON.stringify(payloadOf(scope, position)), 'utf8').toString('base64url');
      return `${encodedPayload}.${sign(encodedPayload).toString('base64url')}`;
    },

    decode(token, scope) {
      if (token.length > maxCursorLength) return err(malformedCursor());
      const [encodedPayload, encodedMac, ...rest] = token.split('.');
      if (rest.length > 0 || !encodedPayload || !encodedMac) return err(malformedCursor());
      if (!base64url.test(encodedPayload) || !base64url.test(encodedMac)) return err(malformedCursor());
      const mac = Buffer.from(encodedMac, 'base64url');
      const expected = sign(encodedPayload);
      if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
        return err(
          new CoreError('invalid_cursor', 'The `cursor` was not issued by this service or was altered. Pass back `next_cursor` exactly as received.'),
        );
      }
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
      } catch {
        return err(malformedCursor());
      }
      if (!isRecord(payload) || !isOffset(payload.offset) || !isPageSize(payload.limit, maxCursorPageSize)) return err(malformedCursor());
      if (!matchesScope(payload, scope)) {
        const what = scope.kind === 'search' ? 'another query' : 'another list';
        return err(
          new CoreError('invalid_cursor', `The \`cursor\` belongs to ${what}. Use it with the request that returned it, or omit \`cursor\` for the first page.`),
        );
      }
      return ok({ offset: payload.offset, limit: payload.limit });
    },
  };
}

/**
 * Where a page starts and how long it is. An explicit `limit` wins; a
 * cursor alone continues with the page size of the walk it came from.
 * Offsets are absolute, so changing `limit` mid-walk neither repeats nor
 * skips a row.
 */
export function resolvePagePosition(
  codec: CursorCodec,
  scope: CursorScope,
  input: { limit?: number | null; cursor?: string | null },
  sizes: PageSizes = standardPageSizes,
): Result<PagePosition, CoreError> {
  if (input.limit !== undefined && input.limit !== null && !isPageSize(input.limit, sizes.max)) {
    return err(new CoreError('invalid_parameter', `\`limit\` must be an integer from 1 to ${sizes.max}; got ${String(input.limit)}.`));
  }
  if (!input.cursor) return ok({ offset: 0, limit: input.limit ?? sizes.default });
  const decoded = codec.decode(input.cursor, scope);
  if (!decoded.ok) return decoded;
  return ok({ offset: decoded.value.offset, limit: input.limit ?? decoded.value.limit });
}

/** The cursor of the page after `[offset, offset + limit)`, or null when that was the last one. */
export function nextCursor(codec: CursorCodec, scope: CursorScope, position: PagePosition, total: number): string | null {
  const next = position.offset + position.limit;
  return next < total ? codec.encode(scope, { offset: next, limit: position.limit }) : null;
}
