import { optionKind, options, optionUrl, type LayerOption, type OptionKind } from '@/lib/catalog/options';
import type { RoomId } from '@/lib/catalog';
import type { CoreError } from './core-error';
import { maxCursorPageSize, type CursorCodec, type PageSizes } from './cursor';
import { paginate, type Page } from './pagination';
import type { Result } from './result';
import type { OptionRow } from './schemas';

/**
 * The option rows of GET /v1/options and of the option browser: every
 * option of the reference (lib/catalog/options.ts) as it states it, filtered.
 * One page can hold them all, so an agent reads every option's type and
 * default in one call.
 */
export interface OptionFilters {
  room?: RoomId;
  /** Words that must all appear, case-insensitively, in the name, type, default or rules. */
  q?: string;
  hostOnly?: boolean;
  /** `true`: a desktop may set it (no Host-only mark); `false`: it may not; `per_key`: marked Desktop-safe per key. */
  desktopSafe?: 'true' | 'false' | 'per_key';
}

/** Every option fits one page: /v1/options answers all of them by default. */
export const optionPageSizes: PageSizes = { default: maxCursorPageSize, max: maxCursorPageSize };

function optionRow(option: LayerOption): OptionRow {
  return {
    name: option.name,
    room: option.room,
    namespace: option.namespace,
    type: option.type,
    kind: optionKind(option) satisfies OptionKind,
    default: option.default,
    rules: option.rules,
    host_only: option.hostOnly,
    desktop_safe_per_key: option.desktopSafePerKey,
    docs_url: optionUrl(option),
  };
}

const haystack = (option: LayerOption) => `${option.name} ${option.type} ${option.default} ${option.rules}`.toLowerCase();

function matchesOption(option: LayerOption, filters: OptionFilters): boolean {
  if (filters.room && option.room !== filters.room) return false;
  if (filters.hostOnly !== undefined && option.hostOnly !== filters.hostOnly) return false;
  if (filters.desktopSafe === 'true' && option.hostOnly) return false;
  if (filters.desktopSafe === 'false' && !option.hostOnly) return false;
  if (filters.desktopSafe === 'per_key' && !option.desktopSafePerKey) return false;
  const words = (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = haystack(option);
  return words.every((word) => text.includes(word));
}

export function optionRows(filters: OptionFilters = {}): OptionRow[] {
  return options.filter((option) => matchesOption(option, filters)).map(optionRow);
}

/** A cursor is bound to the filters it was issued for. */
const listName = (filters: OptionFilters) =>
  `options?${new URLSearchParams(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)])
      .sort(([a], [b]) => a.localeCompare(b)),
  )}`;

export function listOptions(
  filters: OptionFilters,
  page: { limit?: number | null; cursor?: string | null; sandbox?: boolean; cursors: CursorCodec },
): Result<Page<OptionRow>, CoreError> {
  return paginate(optionRows(filters), { ...page, list: listName(filters), sizes: optionPageSizes });
}
