import { endpointById } from '../doors/agents';
import { door } from '../handler';
import * as agents from './agents';

/**
 * The agent handlers (lib/endpoints/handlers/agents.ts) bound to their rows: one
 * handler serves two rows where two paths answer the same (/mcp and
 * /.well-known/mcp; the server card and its alias).
 */
export const mcpTransport = door(endpointById('mcpTransport'), agents.mcpTransport);
export const mcpDocsTransport = door(endpointById('mcpDocsTransport'), agents.mcpDocsTransport);
export const wellKnownMcpTransport = door(endpointById('wellKnownMcpTransport'), agents.mcpTransport);
export const mcpManifest = door(endpointById('mcpManifest'), agents.mcpManifestHandler);
export const wellKnownMcpManifest = door(endpointById('wellKnownMcpManifest'), agents.wellKnownMcpManifestHandler);
export const mcpServerCard = door(endpointById('mcpServerCard'), agents.serverCardHandler);
export const mcpServerCardAlias = door(endpointById('mcpServerCardAlias'), agents.serverCardHandler);
export const a2aTransport = door(endpointById('a2aTransport'), agents.a2aTransport);
export const agentCard = door(endpointById('agentCard'), agents.agentCardHandler);
