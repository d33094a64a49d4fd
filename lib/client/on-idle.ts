/**
 * Runs `callback` when the browser is idle (`requestIdleCallback`, which
 * passes the idle period's deadline; where there is none, Safari, after
 * 200 ms, with no deadline). Returns the function that cancels it.
 */
export function onIdle(callback: (deadline?: IdleDeadline) => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}
