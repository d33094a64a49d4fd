import type { ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { resolveServices, type ServiceDeps } from '@/lib/core/services';

/** Services made from test doubles, as the composition root makes them from the runtime's. */
export function serviceDepsOf(deps: Omit<ServiceDeps, 'cursors'> & Partial<Pick<ServiceDeps, 'cursors'>>): ServiceDeps {
  return { cursors: createCursorCodec('test-services'), ...deps };
}

/** A tool context over `deps`: each call's `sandbox` argument picks live or fixtures, as in the server. */
export function toolContextOf(deps: Omit<ServiceDeps, 'cursors'> & Partial<Pick<ServiceDeps, 'cursors'>>): ToolContext {
  const full = serviceDepsOf(deps);
  return { services: (sandbox) => resolveServices(full, { sandbox }) };
}
