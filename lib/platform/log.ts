/**
 * The injected logger for operational events (one line each). Callers pass
 * fields that never include client identifiers such as IP addresses.
 */
export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

export const consoleLog: Log = (level, message, fields) => {
  const line = `[svc] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

/** An unexpected exception for the log: its stack when it has one (never sent to a client). */
export const describeError = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));
