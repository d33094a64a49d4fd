'use client';

import { ChevronRightIcon, HashIcon, SearchIcon, TextIcon } from '@/components/icons';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { docsSearchRoute, insights } from '@/lib/routes';
import type { DialogSearchRow } from '@/lib/endpoints/docs-search-rows';
import { debounceMs, tokenBurst, tokenEveryMs } from '@/lib/search-dialog-pacing';
import { highlightParts, highlightTerms } from '@/lib/search/highlight';

/**
 * The search dialog: a native <dialog> (focus trap, Escape and the top
 * layer come from the browser) that asks the server, GET /api/docs-search
 * (the index and scoring of /v1/search), instead of downloading the whole
 * index. Loaded on first use by search-button.tsx.
 *
 * How a person typing stays under the rate limit (600 requests a minute,
 * counted for this endpoint in a window of its own, see the endpoint's row
 * in lib/endpoints/contract.ts) while results still show within 150 ms of the
 * last keystroke:
 * - a token bucket: requests spend tokens, which come back one every
 *   `tokenEveryMs` up to `tokenBurst`, so there are never more than
 *   `maxDialogRequestsPerMinute` requests in a minute, however fast and
 *   however long someone types; this alone keeps
 *   typing under the limit, and a pause refills the bucket, so the answer
 *   to the last keystroke rarely waits for a token;
 * - debounce: a request goes out only after `debounceMs` without a keystroke, so
 *   a burst of keys (most typing) costs one request, not one per key;
 * - cache: every answered query is kept for the page's lifetime, so
 *   backspacing or retyping a query asks nothing.
 * The last keystroke is answered `debounceMs` later plus the server's time (a few
 * milliseconds on a warm server); only after a long run of requests does a
 * request wait for a token, at most `tokenEveryMs`. The numbers live in
 * lib/search-dialog-pacing.ts.
 */

const answered = new Map<string, DialogSearchRow[]>();
const noTerms: ReadonlySet<string> = new Set();
const bucket = { tokens: tokenBurst, at: 0 };

/** Milliseconds until a request may go out (0: now, and the token is spent). */
function takeToken(now: number): number {
  bucket.tokens = Math.min(tokenBurst, bucket.tokens + (now - bucket.at) / tokenEveryMs);
  bucket.at = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return Math.ceil((1 - bucket.tokens) * tokenEveryMs);
}

type Answer =
  | { state: 'idle' }
  | { state: 'results'; query: string; rows: DialogSearchRow[] }
  | { state: 'error'; message: string };

function normalise(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

async function ask(query: string): Promise<DialogSearchRow[]> {
  const response = await fetch(`${docsSearchRoute}?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json' },
  });
  if (response.status === 429) {
    const wait = response.headers.get('retry-after');
    throw new Error(`Too many searches from this address; try again${wait ? ` in ${wait} seconds` : ' shortly'}.`);
  }
  if (!response.ok) throw new Error('Search is unavailable right now; try again shortly.');
  const rows = (await response.json()) as DialogSearchRow[];
  answered.set(query, rows);
  return rows;
}

/** The query's words marked in a result's text, whole words as the index reads them (lib/search/highlight.ts). */
function highlight(text: string, terms: ReadonlySet<string>): ReactNode {
  if (terms.size === 0) return text;
  return highlightParts(text, terms).map((part, index) =>
    part.marked ? (
      <mark key={index} className="bg-transparent text-fd-primary underline underline-offset-2">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  const [pending, setPending] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.select();
    } else if (!open && element.open) element.close();
  }, [open]);

  const timer = useRef<number | undefined>(undefined);
  const latest = useRef('');
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function show(next: Answer) {
    setAnswer(next);
    setActive(0);
    setPending(false);
  }

  /** Schedules the query: debounced, within the token bucket, answered from memory when it can be. */
  function onQueryChange(value: string) {
    setQuery(value);
    const current = normalise(value);
    latest.current = current;
    window.clearTimeout(timer.current);
    if (!current) return show({ state: 'idle' });
    const known = answered.get(current);
    if (known) return show({ state: 'results', query: current, rows: known });
    setPending(true);
    const send = () => {
      const wait = takeToken(performance.now());
      if (wait > 0) {
        timer.current = window.setTimeout(send, wait);
        return;
      }
      ask(current).then(
        (rows) => {
          if (latest.current === current) show({ state: 'results', query: current, rows });
        },
        (error: unknown) => {
          if (latest.current === current) show({ state: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    };
    timer.current = window.setTimeout(send, debounceMs);
  }

  const rows = answer.state === 'results' ? answer.rows : [];
  const terms = useMemo(() => (answer.state === 'results' ? highlightTerms(answer.query) : noTerms), [answer]);

  /**
   * Tells search insights which result was opened and at which rank among
   * the answer's sections (a page row stands for its best section, the one
   * after it): a beacon, which the browser sends even as the page changes.
   */
  function opened(index: number) {
    if (answer.state !== 'results') return;
    const sectionsBefore = rows.slice(0, index).filter((row) => row.type !== 'page').length;
    const body = JSON.stringify({ query: answer.query, rank: Math.min(50, sectionsBefore + 1) });
    navigator.sendBeacon?.(insights.searchClick, new Blob([body], { type: 'application/json' }));
  }

  function go(row: DialogSearchRow, index: number) {
    opened(index);
    onOpenChange(false);
    router.push(row.url);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.nativeEvent.isComposing || rows.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : rows.length - 1)) % rows.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = rows[active];
      if (row) go(row, active);
    }
  }

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const status =
    answer.state === 'error'
      ? answer.message
      : answer.state === 'results'
        ? rows.length === 0
          ? 'No results found'
          : `${rows.filter((row) => row.type !== 'page').length} results`
        : '';

  return (
    <dialog
      ref={dialog}
      aria-label="Search"
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="mx-auto mt-4 w-[calc(100%-1rem)] max-w-screen-sm overflow-hidden rounded-xl border bg-fd-popover p-0 text-fd-popover-foreground shadow-2xl shadow-black/50 backdrop:bg-fd-overlay md:mt-[calc(50vh-250px)]"
    >
      <div className="flex items-center gap-2 border-b p-3">
        <SearchIcon className={`size-5 text-fd-muted-foreground ${pending ? 'animate-pulse' : ''}`} />
        <input
          ref={input}
          autoFocus
          type="search"
          role="combobox"
          aria-label="Search the documentation"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={rows.length > 0 ? `${listId}-${active}` : undefined}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="w-0 flex-1 bg-transparent text-lg placeholder:text-fd-muted-foreground focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="button"
          // The visible key name is part of the name (WCAG 2.5.3 Label in Name).
          aria-label="Close search, Esc"
          aria-keyshortcuts="Escape"
          onClick={() => onOpenChange(false)}
          className="rounded-md border px-2 py-1 font-mono text-xs text-fd-muted-foreground hover:bg-fd-accent focus-visible:outline-2 focus-visible:outline-fd-primary"
        >
          ESC
        </button>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      {answer.state === 'error' && <p className="px-4 py-8 text-center text-sm text-fd-muted-foreground">{answer.message}</p>}
      {answer.state === 'results' && rows.length === 0 && (
        <p className="px-4 py-12 text-center text-sm text-fd-muted-foreground">No results found</p>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        data-answered={answer.state === 'results' ? answer.query : undefined}
        hidden={rows.length === 0}
        className="flex max-h-[min(460px,70vh)] flex-col overflow-y-auto p-1"
      >
        {rows.map((row, index) => (
          <a
            key={row.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            href={row.url}
            tabIndex={-1}
            data-type={row.type}
            onPointerMove={() => setActive(index)}
            onClick={(event) => {
              // Modified clicks open a tab as usual; a plain click navigates in place.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return opened(index);
              event.preventDefault();
              go(row, index);
            }}
            className={`flex flex-col gap-0.5 rounded-lg px-2.5 py-2 text-start text-sm ${index === active ? 'bg-fd-accent text-fd-accent-foreground' : ''}`}
          >
            {row.type === 'page' ? (
              <>
                {row.breadcrumbs && row.breadcrumbs.length > 0 && (
                  <span className="inline-flex items-center text-xs text-fd-muted-foreground">
                    {row.breadcrumbs.map((crumb, i) => (
                      <span key={i} data-crumb="" className="inline-flex items-center">
                        {i > 0 && <ChevronRightIcon className="size-3.5" />}
                        {crumb}
                      </span>
                    ))}
                  </span>
                )}
                <span data-title="" className="font-medium">{highlight(row.content, terms)}</span>
              </>
            ) : (
              <span className="ms-1.5 flex gap-2 border-s ps-3">
                {row.type === 'heading' ? (
                  <HashIcon className="mt-0.5 size-4 shrink-0 text-fd-muted-foreground" />
                ) : (
                  <TextIcon className="mt-0.5 size-4 shrink-0 text-fd-muted-foreground" />
                )}
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span data-title="" className={row.type === 'heading' ? 'font-medium break-words' : 'text-fd-popover-foreground/80'}>
                    {highlight(row.content, terms)}
                  </span>
                  {row.excerpt && (
                    <span className="line-clamp-2 text-xs text-fd-muted-foreground">{highlight(row.excerpt, terms)}</span>
                  )}
                </span>
              </span>
            )}
          </a>
        ))}
      </div>
    </dialog>
  );
}
