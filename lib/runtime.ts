import { env as readEnv, publicOrigin, type Env } from '@/lib/env';
import { createStore } from '@/lib/store';
import { systemClock, type Clock, type Log, type Store } from '@/lib/store/types';

/**
 * The composition root: the service's edges (configuration, clock, log,
 * store, code host) built once per process and handed to the handlers.
 * Kept on globalThis because Next bundles the proxy and each route
 * separately; one process must share one store. Tests build their own
 * runtime with `createRuntime` and install it with `installRuntime`.
 */
export interface Runtime {
  env: Env;
  clock: Clock;
  log: Log;
  store: Store;
  /** Public origin for install lines and absolute links. */
  origin: string;
}

export const consoleLog: Log = (level, message) => {
  const line = `[svc] ${message}`;
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

export interface RuntimeOverrides {
  env?: Env;
  clock?: Clock;
  log?: Log;
  store?: Store;
}

export function createRuntime(overrides: RuntimeOverrides = {}): Runtime {
  const env = overrides.env ?? readEnv();
  const clock = overrides.clock ?? systemClock;
  const log = overrides.log ?? consoleLog;
  const store = overrides.store ?? createStore(env, { clock, log });
  return { env, clock, log, store, origin: publicOrigin(env) };
}

const slot = Symbol.for('svc.runtime');
type Holder = { [slot]?: Runtime };

export function runtime(): Runtime {
  const holder = globalThis as Holder;
  holder[slot] ??= createRuntime();
  return holder[slot];
}

export function installRuntime(value: Runtime | undefined): void {
  (globalThis as Holder)[slot] = value;
}
