/**
 * A timeout for a real round trip that no busy machine reaches: every test's
 * own timeout (vitest's 20–30 s, Playwright's) ends first. Tests that need a
 * peer's answer (a real Redis, a loopback code host) give it to the timers
 * that would otherwise race that answer, so load can slow the test but never
 * turn an answer into a timeout. The production bounds (250 ms, 1 s, 5 s) are
 * tested apart: with fake timers, or against a peer that cannot answer at all
 * (stopped, SIGSTOPped, hanging), where no answer can beat the timer.
 */
export const patientMs = 120_000;

/**
 * RATE_LIMIT_TIMEOUT_MS and STORE_TIMEOUT_MS of the real-server Redis suite:
 * no busy machine's loopback round trip to Redis reaches them, and the tests
 * that SIGSTOP Redis wait each of them out once (so not patientMs).
 */
export const serverStoreTimeoutMs = 10_000;
