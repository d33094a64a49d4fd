'use client';

import { SearchIcon } from '@/components/icons';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

/**
 * The option browser's text filter: rows whose cells (name, room, type,
 * default, marks) hold every typed word stay, the others get `hidden`. The
 * room and mark chips work in CSS alone (option-browser.tsx); this also
 * keeps the URL (`?q=…&room=…&host-only&per-key`) in step with every
 * filter, so a filtered view can be shared, and announces the count (or,
 * when no option is left, the empty state's sentence). The empty state's
 * reset button clears every filter and puts focus back in the field.
 * The rows are HTML set as a string (lib/docs/option-table.ts), so their
 * links are plain anchors: a plain click on one goes through the router,
 * as a next/link would (no full page load).
 */
export function OptionFilter({ total }: { total: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const router = useRouter();

  useEffect(() => {
    const field = input.current;
    const form = field?.form;
    const browser = form?.closest('[data-option-browser]');
    if (!field || !form || !browser) return;
    const rows = [...browser.querySelectorAll<HTMLTableRowElement>('tr[data-option-row]')];
    const queryText = browser.querySelector('[data-options-query]');
    const message = browser.querySelector<HTMLElement>('[data-options-empty-message]');
    let texts: string[] | undefined;
    let timer: number | undefined;

    const filterText = () => {
      texts ??= rows.map((row) => (row.textContent ?? '').toLowerCase());
      const words = field.value.toLowerCase().split(/\s+/).filter(Boolean);
      rows.forEach((row, index) => {
        row.hidden = !words.every((word) => texts![index]!.includes(word));
      });
      // The empty state's sentence names the text filter (option-browser.tsx).
      browser.toggleAttribute('data-q', words.length > 0);
      if (queryText) queryText.textContent = field.value.trim();
    };
    const syncUrl = () => {
      const params = new URLSearchParams();
      if (field.value.trim()) params.set('q', field.value.trim());
      const room = new FormData(form).get('room');
      if (typeof room === 'string' && room) params.set('room', room);
      for (const name of ['host-only', 'per-key']) if ((form.elements.namedItem(name) as HTMLInputElement | null)?.checked) params.set(name, '');
      const query = params.toString().replace(/=(?=&|$)/g, '');
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    };
    const counter = browser.querySelector('[data-options-count]');
    const count = () => {
      // A row's own display, not whether it is on screen: the empty state hides the whole table.
      const shown = rows.filter((row) => getComputedStyle(row).display !== 'none').length;
      if (counter) counter.textContent = String(shown);
      browser.toggleAttribute('data-empty', shown === 0);
      // Announced once typing pauses, not on every key.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const empty = shown === 0 && message ? message.innerText.replace(/\s+/g, ' ').trim() : '';
        setAnnouncement(empty || `${shown} of ${total} options shown`);
      }, 400);
    };
    const onChange = () => {
      filterText();
      syncUrl();
      count();
    };

    // A shared link: set the filters it names.
    const params = new URLSearchParams(location.search);
    const q = params.get('q');
    if (q) field.value = q;
    const room = params.get('room');
    if (room) {
      const radio = form.querySelector<HTMLInputElement>(`input[name="room"][value="${CSS.escape(room)}"]`);
      if (radio) radio.checked = true;
    }
    for (const name of ['host-only', 'per-key']) {
      const box = form.elements.namedItem(name) as HTMLInputElement | null;
      if (box && params.has(name)) box.checked = true;
    }
    if (q) filterText();
    if (q || room || params.has('host-only') || params.has('per-key')) count();

    const onSubmit = (event: Event) => event.preventDefault();
    // The empty state's button resets the form: clear the text filter and the chips, then the URL, and type again.
    const onReset = (event: Event) => {
      event.preventDefault();
      field.value = '';
      for (const box of form.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')) box.checked = box.defaultChecked;
      onChange();
      field.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('tbody a[href^="/"]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      event.preventDefault();
      router.push(anchor.getAttribute('href')!);
    };
    form.addEventListener('input', onChange);
    form.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    form.addEventListener('reset', onReset);
    browser.addEventListener('click', onClick as EventListener);
    return () => {
      window.clearTimeout(timer);
      form.removeEventListener('input', onChange);
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('reset', onReset);
      browser.removeEventListener('click', onClick as EventListener);
    };
  }, [total, router]);

  return (
    <div data-needs-script="" className="flex flex-col gap-1">
      <label htmlFor="option-filter" className="text-sm font-medium text-fd-foreground">
        Filter by name, type or default
      </label>
      <div className="flex items-center gap-2 rounded-lg border bg-fd-background px-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-fd-primary">
        <SearchIcon className="size-4 text-fd-muted-foreground" />
        <input
          ref={input}
          id="option-filter"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. wallpaper glow, boolean, null"
          className="h-9 w-full min-w-0 bg-transparent text-sm placeholder:text-fd-muted-foreground focus-visible:outline-none"
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
