import { routes, type EndpointId } from '../contract';
import type { DoorSpec, EndpointSpec } from '../endpoint';
import { agentDoors } from './agents';
import { askDoors } from './ask';
import { discoveryDoors } from './discovery';
import { docsDoors } from './docs';
import { installerDoors } from './installers';
import { platformDoors } from './platform';
import { doorLookup } from './shared';
import { v1Doors } from './v1';

/**
 * Every door, joined with the routing contract (lib/endpoints/contract.ts) in the
 * contract's order: the whole endpoint table, for /openapi.json
 * (lib/endpoints/openapi.ts), the API reference and the docs that list rows. A
 * route imports its own door (lib/endpoints/doors/<door>.ts), not this.
 */
const doors = { ...v1Doors, ...askDoors, ...installerDoors, ...docsDoors, ...platformDoors, ...agentDoors, ...discoveryDoors };

const doorOf = (id: EndpointId): DoorSpec => {
  const door: DoorSpec | undefined = (doors as Partial<Record<EndpointId, DoorSpec>>)[id];
  if (!door) throw new Error(`The endpoint ${id} has no door`);
  return door;
};

export const endpoints: readonly EndpointSpec[] = routes.map((row) => ({ ...row, ...doorOf(row.id) }));

const stray = Object.keys(doors).filter((id) => !routes.some((row) => row.id === id));
if (stray.length) throw new Error(`Doors without a row in the routing contract: ${stray.join(', ')}`);

export const endpointById = doorLookup(doors);
