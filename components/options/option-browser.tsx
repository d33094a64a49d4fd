import { Children, cloneElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Table } from '@/components/docs/mdx-parts';
import { rooms } from '@/lib/catalog/rooms';
import { OptionFilter } from './option-filter';

/**
 * The option browser's filters around the option table (`<OptionTable />`
 * in content/docs/options.mdx, a GFM table made at build time: Option |
 * Room | Type | Default | Marks). The page renders its tables with
 * `OptionBrowserTable` (components/mdx.tsx, `pageMDXComponents`), so the
 * markdown twin, /llms-full.txt and the search index keep the plain table.
 * Progressive enhancement:
 * - the table is server-rendered; every row shows and every link works
 *   without JavaScript;
 * - each row gets `data-room`, `data-host-only` and `data-per-key`, read
 *   from its own cells, and the room and mark chips are radio buttons and
 *   checkboxes that hide rows through CSS `:has()`: they work without
 *   JavaScript too;
 * - the count of shown rows is kept by the script, or without one by a
 *   CSS counter;
 * - filtering by text as you type is the one part that needs a script
 *   (OptionFilter, a small client component); without scripting its field
 *   is hidden (`@media (scripting: none)`).
 */

type Props = { children?: ReactNode; className?: string };

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<Props>(node)) return textOf(node.props.children);
  return '';
}

const roomByTitle = new Map(rooms.map((room) => [room.title, room.id]));

/** A body row of the option table, with the attributes the filters read. */
function markRow(row: ReactElement<Props>): ReactElement {
  const cells = Children.toArray(row.props.children).filter(isValidElement);
  const room = roomByTitle.get(textOf(cells[1]).trim());
  const marks = textOf(cells[4]);
  return cloneElement(row, {
    'data-option-row': '',
    'data-room': room,
    'data-host-only': marks.includes('Host-only') ? '' : undefined,
    'data-per-key': marks.includes('Desktop-safe per key') ? '' : undefined,
  } as Props);
}

/** Walks the rendered MDX table down to its body rows. */
function markRows(node: ReactNode, inBody = false): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<Props>(child)) return child;
    if (inBody && child.type === 'tr') return markRow(child);
    if (child.props.children === undefined) return child;
    return cloneElement(child, undefined, markRows(child.props.children, inBody || child.type === 'tbody'));
  });
}

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

export function OptionBrowser({ children }: { children: ReactNode }) {
  const total = countRows(children);
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
      <div className="order-1">{markRows(children)}</div>
      <p className="not-prose mt-4 text-sm text-fd-muted-foreground" aria-hidden="true">
        <span data-options-count="">{total}</span> of {total} options shown
      </p>
    </div>
  );
}

function countRows(node: ReactNode, inBody = false): number {
  let count = 0;
  Children.forEach(node, (child) => {
    if (!isValidElement<Props>(child)) return;
    if (inBody && child.type === 'tr') count += 1;
    else count += countRows(child.props.children, inBody || child.type === 'tbody');
  });
  return count;
}

/** The `table` element of the option browser page. */
export function OptionBrowserTable(props: ComponentProps<'table'>) {
  return (
    <OptionBrowser>
      <Table {...props} />
    </OptionBrowser>
  );
}
