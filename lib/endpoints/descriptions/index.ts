import { routes, type EndpointId } from '../contract';
import type { EndpointDescription, EndpointSpec } from '../endpoint';
import { agentDescriptions } from './agents';
import { askDescriptions } from './ask';
import { discoveryDescriptions } from './discovery';
import { docsDescriptions } from './docs';
import { installerDescriptions } from './installers';
import { platformDescriptions } from './platform';
import { v1Descriptions } from './v1';

/**
 * Every row's description, joined with the routing contract
 * (lib/endpoints/contract.ts) in the contract's order: the whole endpoint
 * table, for /openapi.json (lib/endpoints/openapi.ts), the API reference and
 * the docs that list rows. A handler passes its own door's descriptions
 * (lib/endpoints/descriptions/<door>.ts) to `endpointById`, not these.
 */
export const descriptions = {
  ...v1Descriptions,
  ...askDescriptions,
  ...installerDescriptions,
  ...docsDescriptions,
  ...platformDescriptions,
  ...agentDescriptions,
  ...discoveryDescriptions,
};

const descriptionOf = (id: EndpointId): EndpointDescription => {
  const description: EndpointDescription | undefined = (descriptions as Partial<Record<EndpointId, EndpointDescription>>)[id];
  if (!description) throw new Error(`The endpoint ${id} has no description`);
  return description;
};

export const endpoints: readonly EndpointSpec[] = routes.map((row) => ({ ...row, ...descriptionOf(row.id) }));

const stray = Object.keys(descriptions).filter((id) => !routes.some((row) => row.id === id));
if (stray.length) throw new Error(`Descriptions without a row in the routing contract: ${stray.join(', ')}`);
