/**
 * What is made from a value that can change while the server runs (the docs
 * source, new after each edit under `next dev`; one per process in
 * production): made on first use, kept while the same value is asked for,
 * and made again for another. What fails is not kept: a throw, or a promise
 * that rejects, is tried again by the next call.
 */
export function keptForLast<K, T>(make: (key: K) => T): (key: K) => T {
  let kept: { key: K; value: T } | undefined;
  return (key) => {
    if (kept && Object.is(kept.key, key)) return kept.value;
    const made = { key, value: make(key) };
    kept = made;
    if (made.value instanceof Promise) {
      made.value.catch(() => {
        if (kept === made) kept = undefined;
      });
    }
    return made.value;
  };
}
