// The Upstash REST bridge over a real redis-server, for the store contract,
// fault and real-server Redis suites. One implementation, in plain
// JavaScript so the benchmarks (Node 20, no TypeScript loader) run it too:
// scripts/bench/upstash-bridge.mjs. This file only gives it types.
import { startUpstashBridge as startBridge } from '../../scripts/bench/upstash-bridge.mjs';

export interface UpstashBridge {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

export function startUpstashBridge(options: { redisPort: number; token: string }): Promise<UpstashBridge> {
  return startBridge(options) as Promise<UpstashBridge>;
}
