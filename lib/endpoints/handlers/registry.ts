import type { EndpointId } from '../contract';
import { isEndpointHandler, type EndpointHandler } from '../endpoint-handler';
import { openApiHandler } from '../openapi-handler';
import * as agentHandlers from './agents-handlers';
import * as askHandlers from './ask-handlers';
import * as v1 from './v1-handlers';

/**
 * The JSON endpoints' handlers by endpoint id, addressable without HTTP:
 * each handler knows its row, so the ids are read off the handlers. The
 * docs use it to run each documented example at build time
 * (lib/docs-build/remark-api-examples.ts). Only in-process callers import this;
 * a route imports its own handlers.
 */
export const handlersById: Partial<Record<EndpointId, EndpointHandler>> = Object.fromEntries(
  [...Object.values(v1), ...Object.values(v1.restReads), ...Object.values(askHandlers), ...Object.values(agentHandlers), openApiHandler]
    .filter(isEndpointHandler)
    .map((handler) => [handler.endpoint.id, handler]),
);
