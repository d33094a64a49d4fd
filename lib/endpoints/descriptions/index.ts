import { routes, type RouteRow } from '../contract';
import type { EndpointDescription, EndpointSpec } from '../endpoint';
import { agentDescriptions } from './agents-endpoints';
import { askDescriptions } from './ask-endpoints';
import { discoveryDescriptions } from './discovery-endpoints';
import { docsDescriptions } from './docs-endpoints';
import { insightsDescriptions } from './insights-endpoints';
import { installerDescriptions } from './installers-endpoints';
import { platformDescriptions } from './platform-endpoints';
import { v1Descriptions } from './v1-endpoints';

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
  ...insightsDescriptions,
  ...platformDescriptions,
  ...agentDescriptions,
  ...discoveryDescriptions,
};

/**
 * The endpoint table: each row of a contract joined with its description, in
 * the contract's order (the site's, or copies a test hands with more rows).
 */
export function endpointTable(contract: readonly RouteRow[], described: Readonly<Record<string, EndpointDescription>>): readonly EndpointSpec[] {
  const stray = Object.keys(described).filter((id) => !contract.some((row) => row.id === id));
  if (stray.length) throw new Error(`Descriptions without a row in the routing contract: ${stray.join(', ')}`);
  return contract.map((row) => {
    const description = described[row.id];
    if (!description) throw new Error(`The endpoint ${row.id} has no description`);
    return { ...row, ...description };
  });
}

export const endpoints = endpointTable(routes, descriptions);
