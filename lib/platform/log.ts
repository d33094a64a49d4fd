import { requestContext } from './request-context';
import { activeTraceIds } from './telemetry';

/**
 * The injected logger for operational events. Callers pass fields that
 * never include client identifiers such as IP addresses.
 */
export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

/**
 * One JSON object per line (/docs/operate/telemetry, "Logs"): the time,
 * the level, the message, the request's id and, inside a span, the trace's
 * and the span's, then the caller's fields. Under `next dev` a line a person
 * reads instead.
 */
export const consoleLog: Log = (level, message, fields) => {
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
  if (process.env.NODE_ENV === 'development') {
    write(`[svc] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    return;
  }
  const { requestId, ...rest } = fields ?? {};
  const id = requestId ?? requestContext()?.requestId;
  write(JSON.stringify({ time: new Date().toISOString(), level, message, ...(id ? { request_id: id } : {}), ...activeTraceIds(), ...rest }));
};
/** An unexpected exception for the log: its stack when it has one (never sent to a client). */
export const describeError = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));
