import type { Deadline } from '@/lib/platform/deadline';
import type { CoreError } from './core-error';
import type { CursorCodec } from './cursor';
import { appRows, desktopRows, installAnswer, roomRows, type AppRow, type InstallAnswer, type RoomRow } from './installs';
import { listOptions, type OptionFilters } from './options';
import { paginate, type Page } from './pagination';
import type { ReleaseService } from './releases';
import type { Result } from './result';
import type { ListInput, Sandbox } from './sandbox';
import type { DesktopRow, OptionRow, Release, SearchResponse } from './schemas';
import type { DocsSearch, SearchInput } from './search';

/**
 * What the read operations (lib/core/operations.ts) run on: the facts of one
 * request, live or sandbox (spec "Versioned REST", Sandbox). A door resolves
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
}

export interface ServiceRequest {
  sandbox: boolean;
  /** What is left of the request's time budget; live release lookups take at most that. */
  deadline?: Deadline;
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
      desktops: (page) => fixtures.desktops({ ...page, origin }),
      rooms: (page) => fixtures.rooms(page),
      apps: (page) => fixtures.apps(page),
      options: (filters, page) => fixtures.options(filters, page),
    };
  }
  const { cursors } = deps;
  return {
    sandbox: false,
    search: (input) => deps.search.search(input),
    latestRelease: (app) => deps.releases.latestRelease(app, request.deadline),
    install: (desktop) => installAnswer(desktop, origin),
    desktops: (page) => paginate(desktopRows(origin), { ...page, list: 'desktops', cursors }),
    rooms: (page) => paginate(roomRows(), { ...page, list: 'rooms', cursors }),
    apps: (page) => paginate(appRows(), { ...page, list: 'apps', cursors }),
    options: (filters, page) => listOptions(filters, { ...page, cursors }),
  };
}
