'use client';

import { CheckIcon, CopyIcon } from '@/components/icons';
import { useCallback, useEffect, useState } from 'react';

/** Where a copy button stands: nothing to say, just copied, or refused. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The state shared by the copy buttons: `run(write)` awaits the clipboard
 * write and turns `copied` or, if it throws (insecure origin, permissions,
 * a failed fetch), `failed`; either goes back to `idle` after 2 s.
 */
export function useCopyFeedback(): { state: CopyState; run: (write: () => Promise<void>) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  // `write` is called before the first await, so it runs inside the click's user gesture.
  const run = useCallback(async (write: () => Promise<void>) => {
    try {
      await write();
      setState('copied');
    } catch {
      setState('failed');
    }
  }, []);

  return { state, run };
}

/** A check once copied, else the copy icon. */
export function CopyFeedbackIcon({ state, className }: { state: CopyState; className: string }) {
  return state === 'copied' ? <CheckIcon className={className} /> : <CopyIcon className={className} />;
}
