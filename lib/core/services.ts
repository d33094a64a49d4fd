import type { Deadline } from '@/lib/platform/deadline';
import type { CoreError } from './core-error';
import type { CursorCodec } from './cursor';
import { installAnswer, type AppRow, type InstallAnswer, type RoomRow } from './installs';
import { catalogLists, type CatalogLists, type ListInput } from './lists';
import type { OptionFilters } from './option-rows';
import type { Page } from './pagination';
import type { ReleaseService } from './releases';
import type { Result } from './result';
import type { Sandbox } from './sandbox';
import type { DesktopRow, OptionRow, Release, SearchResponse } from './schemas';
import type { DocsSearch, SearchInput } from './search';

/**
 * What the read operations (lib/core/operations.ts) run on: the facts of one
 * request, live or sandbox (/docs/api, "Sandbox"). A door resolves
 * them once per request with `resolveServices`, the only place that chooses
 * between the live lookups and the deterministic fixtures, and every
 * operation it runs reads the same choice.
 */
export interface ReadServices {
  readonly sandbox: boolean;
  search(input: SearchInput): Promise<Result<SearchResponse, CoreError>>;
  latestRelease(app: string): Promise<Result<Release, CoreError>>;
  install(desktop: string | undefined): Result<InstallAnswer, CoreError>;
  desktops(page: ListInput): Result<Page<DesktopRow>, CoreError>;
  rooms(page: ListInput): Result<Page<RoomRow>, CoreError>;
  apps(page: ListInput): Result<Page<AppRow>, CoreError>;
  options(filters: OptionFilters, page: ListInput): Result<Page<OptionRow>, CoreError>;
}

/** The process's services both choices are made from (the composition root, lib/runtime.ts, builds them). */
export interface ServiceDeps {
  search: DocsSearch;
  releases: Pick<ReleaseService, 'latestRelease'>;
  sandbox: Sandbox;
  /** Signs the live lists' cursors (the sandbox's have a key of their own). */
  cursors: CursorCodec;
  /** Public origin of install lines. */
  origin: string;
  /** Told of every live search's first page once answered (lib/insights records it); the sandbox's fixtures are not searches of the docs. */
  searched?(response: SearchResponse): void;
}

export interface ServiceRequest {
  sandbox: boolean;
  /** What is left of the request's time budget; live release lookups take at most that. */
  deadline?: Deadline;
}

/** The four lists as a door reads them, from the live or the sandbox's (lib/core/lists.ts). */
function listsOf(lists: CatalogLists, origin: string): Pick<ReadServices, 'desktops' | 'rooms' | 'apps' | 'options'> {
  return {
    desktops: (page) => lists.desktops({ ...page, origin }),
    rooms: (page) => lists.rooms(page),
    apps: (page) => lists.apps(page),
    options: (filters, page) => lists.options(filters, page),
  };
}

export function resolveServices(deps: ServiceDeps, request: ServiceRequest): ReadServices {
  const { origin } = deps;
  if (request.sandbox) {
    const fixtures = deps.sandbox;
    return {
      sandbox: true,
      search: async (input) => fixtures.search(input),
      latestRelease: async (app) => fixtures.release(app),
      install: (desktop) => fixtures.installAnswer(desktop, origin),
      ...listsOf(fixtures, origin),
    };
  }
  return {
    sandbox: false,
    search: async (input) => {
      const answer = await deps.search.search(input);
      if (answer.ok && !input.cursor) deps.searched?.(answer.value);
      return answer;
    },
    latestRelease: (app) => deps.releases.latestRelease(app, request.deadline),
    install: (desktop) => installAnswer(desktop, origin),
    ...listsOf(catalogLists({ cursors: deps.cursors, sandbox: false }), origin),
  };
}
