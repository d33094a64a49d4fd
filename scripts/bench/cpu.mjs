// Per-core CPU accounting from /proc/stat, for the runner (processes.mjs) and the load generator
// (load.mjs): a module of its own because processes.mjs installs exit and signal handlers on import.
import { existsSync, readFileSync } from 'node:fs';

export const hasProcStat = existsSync('/proc/stat');

/** Per-core [busy, total] jiffies from /proc/stat; none without /proc (macOS). */
export function coreTimes() {
  const cores = {};
  if (!hasProcStat) return cores;
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = match[2].split(/\s+/).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    cores[match[1]] = { busy, total: busy + idle + iowait };
  }
  return cores;
}
