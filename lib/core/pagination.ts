import type { CoreError } from './core-error';
import { nextCursor, resolvePagePosition, type CursorCodec, type PageSizes } from './cursor';
import { ok, type Result } from './result';

/** The page envelope of the desktop, room and app lists (lib/core/schemas.ts `pageSchema`). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
  sandbox?: true;
}

export interface PageRequest {
  limit?: number | null;
  cursor?: string | null;
  /** The list's name (`desktops`, `rooms`, `apps`); cursors are bound to it. */
  list: string;
  /** Sandbox cursors are told apart from live ones. */
  sandbox?: boolean;
  cursors: CursorCodec;
  /** Default and largest page; 10 and 50 unless the list says otherwise. */
  sizes?: PageSizes;
}

/** One page of `rows` (/docs/api/catalog, "Pages of a list": `limit` 1–50 default 10, `cursor`). */
export function paginate<T>(rows: readonly T[], request: PageRequest): Result<Page<T>, CoreError> {
  const scope = { kind: 'list', list: request.list, sandbox: request.sandbox } as const;
  const position = resolvePagePosition(request.cursors, scope, request, request.sizes);
  if (!position.ok) return position;
  const { offset, limit } = position.value;
  return ok({
    items: rows.slice(offset, offset + limit),
    next_cursor: nextCursor(request.cursors, scope, position.value, rows.length),
    total: rows.length,
    ...(request.sandbox ? { sandbox: true as const } : {}),
  });
}
