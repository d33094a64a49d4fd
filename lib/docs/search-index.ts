import { createFromSource } from 'fumadocs-core/search/server';
import { source } from '@/lib/source';
import type { RouteHandler } from '@/lib/api/handler';

/**
 * The Fumadocs (Orama-shaped) search index of every page and section.
 * Served whole at /api/search for the site's static search dialog; the same
 * export is what /v1/search scores.
 */
export const searchServer = createFromSource(source);

export const searchIndexHandler: RouteHandler = async () => searchServer.staticGET();
