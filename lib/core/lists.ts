import type { CoreError } from './core-error';
import type { CursorCodec } from './cursor';
import { appRows, desktopRows, roomRows, type AppRow, type RoomRow } from './installs';
import { listOptions, type OptionFilters } from './option-rows';
import { paginate, type Page } from './pagination';
import type { Result } from './result';
import type { DesktopRow, OptionRow } from './schemas';

export interface ListInput {
  limit?: number | null;
  cursor?: string | null;
}

/**
 * The four lists (/docs/api/catalog: desktops, rooms, apps, options),
 * paged with `cursors`. They involve no live lookup, so live and sandbox
 * answer the same rows; the sandbox's pages are marked `sandbox: true` and
 * its cursors are scoped to it (/docs/api/catalog, "Pages of a list").
 */
export interface CatalogLists {
  /** `origin` is the public origin of the rows' install lines. */
  desktops(input: ListInput & { origin: string }): Result<Page<DesktopRow>, CoreError>;
  rooms(input: ListInput): Result<Page<RoomRow>, CoreError>;
  apps(input: ListInput): Result<Page<AppRow>, CoreError>;
  options(filters: OptionFilters, input: ListInput): Result<Page<OptionRow>, CoreError>;
}

export function catalogLists({ cursors, sandbox }: { cursors: CursorCodec; sandbox: boolean }): CatalogLists {
  const marked = sandbox ? { sandbox: true } : {};
  return {
    desktops: ({ origin, ...input }) => paginate(desktopRows(origin), { ...input, list: 'desktops', ...marked, cursors }),
    rooms: (input) => paginate(roomRows(), { ...input, list: 'rooms', ...marked, cursors }),
    apps: (input) => paginate(appRows(), { ...input, list: 'apps', ...marked, cursors }),
    options: (filters, input) => listOptions(filters, { ...input, ...marked, cursors }),
  };
}
