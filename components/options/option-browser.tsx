import { Children, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { Table } from '@/components/docs/mdx-parts';
import { rooms } from '@/lib/catalog/rooms';
import { optionCount, optionRowsHtml, optionTableHeader } from '@/lib/docs/option-table';
import { OptionFilter } from './option-filter';

/**
 * The option browser's filters around the option table (`<OptionTable />`
 * in content/docs/options.mdx, a GFM table made at build time: Option |
 * Room | Type | Default | Marks). The page renders its tables with
 * `OptionBrowserTable` (components/mdx.tsx, `pageMDXComponents`), so the
 * markdown twin, /llms-full.txt and the search index keep the plain table;
 * the page's body rows are the same cells as one HTML string
 * (lib/docs/option-table.ts), which React sends and hydrates as one node.
 * Progressive enhancement:
 * - the table is server-rendered; every row shows and every link works
 *   without JavaScript;
 * - each row carries `data-room`, `data-host-only` and `data-per-key`,
 *   and the room and mark chips are radio buttons and
 *   checkboxes that hide rows through CSS `:has()`: they work without
 *   JavaScript too;
 * - the count of shown rows is kept by the script, or without one by a
 *   CSS counter;
 * - filtering by text as you type is the one part that needs a script
 *   (OptionFilter, a small client component); without scripting its field
 *   is hidden (`@media (scripting: none)`).
 */

// `.chip` (app/global.css): a radio button or checkbox inside, styled by its :checked state.
const chip = 'chip';

/** The rules that hide rows for the checked chips (generated from the rooms). */
const scope = '[data-option-browser]';
const hideRules = [
  ...rooms.map(
    (room) => `${scope}:has(input[name="room"][value="${room.id}"]:checked) tr[data-option-row]:not([data-room="${room.id}"])`,
  ),
  `${scope}:has(input[name="host-only"]:checked) tr[data-option-row]:not([data-host-only])`,
  `${scope}:has(input[name="per-key"]:checked) tr[data-option-row]:not([data-per-key])`,
];
const css = `${hideRules.join(',\n')} { display: none; }
${scope} { counter-reset: options-shown; }
${scope} tr[data-option-row] { counter-increment: options-shown; }
@media (scripting: none) {
  ${scope} [data-options-count] { font-size: 0; }
  ${scope} [data-options-count]::before { content: counter(options-shown); font-size: 0.875rem; }
}`;

function OptionBrowser({ children }: { children: ReactNode }) {
  const total = optionCount;
  return (
    <div data-option-browser="" className="flex flex-col">
      <style>{css}</style>
      <form
        role="search"
        aria-label="Filter the options"
        data-option-filters=""
        className="not-prose mt-2 flex flex-col gap-3 rounded-xl border bg-fd-card p-4"
      >
        <OptionFilter total={total} />
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="me-1 mb-2 float-left pt-1 text-sm font-medium text-fd-foreground">Room</legend>
          <label className={chip}>
            <input type="radio" name="room" value="" defaultChecked className="sr-only" />
            All rooms
          </label>
          {rooms.map((room) => (
            <label key={room.id} className={chip}>
              <input type="radio" name="room" value={room.id} className="sr-only" />
              {room.title}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="me-1 mb-2 float-left pt-1 text-sm font-medium text-fd-foreground">Marks</legend>
          <label className={chip} title="A shared desktop may not set these options; only the host configuration can.">
            <input type="checkbox" name="host-only" className="sr-only" />
            Host-only
          </label>
          <label className={chip} title="Options with keys of your choosing, where a rule decides which keys a desktop may write.">
            <input type="checkbox" name="per-key" className="sr-only" />
            Desktop-safe per key
          </label>
        </fieldset>
      </form>
      {/* After the table in the source, so the CSS counter has counted every shown row; shown above it. */}
      <div className="order-1">{children}</div>
      <p className="not-prose mt-4 text-sm text-fd-muted-foreground" aria-hidden="true">
        <span data-options-count="">{total}</span> of {total} options shown
      </p>
    </div>
  );
}

type WithChildren = { children?: ReactNode };

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<WithChildren>(node)) return textOf(node.props.children);
  return '';
}

/** The header cells' text of an MDX table's `thead` (plain text cells). */
function headerOf(thead: ReactNode): string[] {
  if (!isValidElement<WithChildren>(thead)) return [];
  const headerRow = Children.toArray(thead.props.children).find(isValidElement) as { props: WithChildren } | undefined;
  return Children.toArray(headerRow?.props.children).map(textOf);
}

/**
 * The `table` element of the option browser page: the option table's
 * header as MDX wrote it, and its rows from lib/docs/option-table.ts (the
 * cells `<OptionTable />` wrote). Any other table renders as usual.
 */
export function OptionBrowserTable({ children, ...props }: ComponentProps<'table'>) {
  const thead = Children.toArray(children).find((child) => isValidElement(child) && child.type === 'thead');
  if (headerOf(thead).join('|') !== optionTableHeader.join('|')) return <Table {...props}>{children}</Table>;
  return (
    <OptionBrowser>
      <Table {...props}>
        {thead}
        <tbody dangerouslySetInnerHTML={{ __html: optionRowsHtml() }} />
      </Table>
    </OptionBrowser>
  );
}
