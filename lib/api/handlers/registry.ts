import type { RouteHandler } from '@/lib/http/route-handler';
import { openApiHandler } from '../openapi-handler';
import type { EndpointId } from '../contract';
import * as agents from './agents';
import * as askHandlers from './ask';
import * as v1 from './v1';

/**
 * The JSON endpoints' handlers by endpoint id: what the route files bind,
 * addressable without HTTP. The docs use it to run each documented example
 * at build time (lib/docs/remark-api-examples.ts).
 */
export const handlersById: Partial<Record<EndpointId, RouteHandler>> = {
  searchDocs: v1.searchDocs,
  listDesktops: v1.listDesktops,
  listRooms: v1.listRooms,
  listApps: v1.listApps,
  listOptions: v1.listOptionsHandler,
  getRelease: v1.getRelease,
  getReleaseAlias: v1.getReleaseAlias,
  download: v1.download,
  runBatch: v1.runBatchHandler,
  submitJob: v1.submitJob,
  getJob: v1.getJob,
  openApi: openApiHandler,
  mcpTransport: agents.mcpTransport,
  mcpDocsTransport: agents.mcpDocsTransport,
  wellKnownMcpTransport: agents.mcpTransport,
  mcpManifest: agents.mcpManifestHandler,
  wellKnownMcpManifest: agents.wellKnownMcpManifestHandler,
  mcpServerCard: agents.serverCardHandler,
  mcpServerCardAlias: agents.serverCardHandler,
  a2aTransport: agents.a2aTransport,
  agentCard: agents.agentCardHandler,
  askGet: askHandlers.askGet,
  askPost: askHandlers.askPost,
};
