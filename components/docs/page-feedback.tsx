'use client';

import { useState, type FormEvent } from 'react';
import { insights } from '@/lib/routes';
import { maxCommentChars } from '@/lib/insights/normalize';

/**
 * "Was this page helpful?" at the end of every docs page. A plain form
 * posted to /api/feedback, so it works without JavaScript (the answer is a
 * page that says thanks); with it, the same fields are sent as JSON and the
 * form says thanks in place. Nothing that names the reader is kept (Docs
 * "Search insights").
 */
export function PageFeedback({ page }: { page: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const comment = String(new FormData(event.currentTarget).get('comment') ?? '').trim();
    setState('sending');
    try {
      const response = await fetch(insights.feedback, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ page, helpful: submitter.value === 'true', ...(comment ? { comment } : {}) }),
      });
      setState(response.ok ? 'sent' : 'failed');
    } catch {
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <p role="status" className="mt-12 border-t pt-6 text-sm text-fd-muted-foreground" data-feedback="sent">
        Thank you: your feedback was kept, and helps the maintainers see what the docs miss.
      </p>
    );
  }
  const button =
    'rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary disabled:opacity-50';
  return (
    // Named by aria-label, not by its heading's id: a heading with an id is a section of the page, which the
    // contents list and the phone's contents bar follow, and this is not one.
    <form method="post" action={insights.feedback} onSubmit={onSubmit} className="mt-12 flex flex-col gap-3 border-t pt-6" aria-label="Was this page helpful?">
      <h2 className="text-base font-semibold">Was this page helpful?</h2>
      <input type="hidden" name="page" value={page} />
      <label className="flex flex-col gap-1 text-sm text-fd-muted-foreground">
        What was missing or wrong? (optional)
        <textarea
          name="comment"
          rows={2}
          maxLength={maxCommentChars}
          className="w-full rounded-md border bg-fd-background px-3 py-2 text-sm text-fd-foreground focus-visible:outline-2 focus-visible:outline-fd-primary"
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" name="helpful" value="true" className={button} disabled={state === 'sending'}>
          Yes
        </button>
        <button type="submit" name="helpful" value="false" className={button} disabled={state === 'sending'}>
          No
        </button>
        <span role="status" className="text-sm text-fd-muted-foreground">
          {state === 'failed' ? 'Your feedback could not be sent; try again in a moment.' : ''}
        </span>
      </div>
    </form>
  );
}
