/**
 * How the search dialog paces its requests to GET /api/docs-search: the
 * one place these numbers live, read by the dialog
 * (components/search/search-dialog.tsx), the endpoint's description in
 * /openapi.json (lib/endpoints/descriptions/docs-endpoints.ts) and the browser tests. Below
 * lib/docs and lib/endpoints, so both read it without one importing the other.
 *
 * - A token bucket keeps a person typing under the endpoint's 600 a minute
 *   however fast and long they type: at most `tokenBurst` + 60,000 /
 *   `tokenEveryMs` requests a minute.
 * - The debounce merges a burst of keys into one request. It is shorter
 *   than the gap between keys of most typing (100-250 ms), so it costs a
 *   typist nothing, and short enough that the last keystroke is answered
 *   well within 150 ms (the goal for search as you type) on a warm server.
 */
export const debounceMs = 50;
export const tokenEveryMs = 125;
export const tokenBurst = 4;

/** The most requests the bucket lets out in a minute. */
export const maxDialogRequestsPerMinute = tokenBurst + 60_000 / tokenEveryMs;
