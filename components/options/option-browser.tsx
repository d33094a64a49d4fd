import { Children, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { Table } from '@/components/docs/mdx-parts';
import { options, type LayerOption } from '@/lib/catalog/options';
import { rooms } from '@/lib/catalog/rooms';
import { optionMarkLabels } from '@/lib/docs/option-marks';
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
 *   is hidden (`@media (scripting: none)`);
 * - when no option passes the filters, an empty state takes the table's
 *   place, names the filters and clears them (EmptyState);
 * - below 640 px each row is a block of labelled lines (app/global.css,
 *   and the labels here), still a table to assistive technology.
 */

// `.chip` (app/repeated-elements.css): a radio button or checkbox inside, styled by its :checked state.
const chip = 'chip';
/** The filters' form, which the empty state's reset button belongs to from outside it. */
const filtersForm = 'option-filters';

/** The rules that hide rows for the checked chips (generated from the rooms). */
const scope = '[data-option-browser]';
const roomChecked = (id: string) => `input[name="room"][value="${id}"]:checked`;
const hostOnlyChecked = 'input[name="host-only"]:checked';
const perKeyChecked = 'input[name="per-key"]:checked';
const hideRules = [
  ...rooms.map((room) => `${scope}:has(${roomChecked(room.id)}) tr[data-option-row]:not([data-room="${room.id}"])`),
  `${scope}:has(${hostOnlyChecked}) tr[data-option-row]:not([data-host-only])`,
  `${scope}:has(${perKeyChecked}) tr[data-option-row]:not([data-per-key])`,
];

/**
 * The chip filters no option passes (a room and a mark, or both marks),
 * each as its smallest set of checked chips: there the table gives way to
 * the empty state without a script. The script also shows it when the text
 * filter leaves no row (`data-empty`, set by OptionFilter).
 */
type Filter = { checked: string; keeps: (option: LayerOption) => boolean };
const roomFilters: Filter[] = rooms.map((room) => ({ checked: roomChecked(room.id), keeps: (option) => option.room === room.id }));
const markFilters: Filter[] = [
  { checked: hostOnlyChecked, keeps: (option) => option.hostOnly },
  { checked: perKeyChecked, keeps: (option) => option.desktopSafePerKey },
];
const filterSets = [[], ...roomFilters.map((filter) => [filter])].flatMap((room: Filter[]) =>
  [[], [markFilters[0]!], [markFilters[1]!], markFilters].map((marks) => [...room, ...marks]),
);
const emptySets = filterSets
  .filter((set) => set.length > 0 && !options.some((option) => set.every((filter) => filter.keeps(option))))
  .filter((set, _, all) => !all.some((smaller) => smaller.length < set.length && smaller.every((filter) => set.includes(filter))));
const emptyStates = [`${scope}[data-empty]`, ...emptySets.map((set) => `${scope}${set.map((filter) => `:has(${filter.checked})`).join('')}`)];

/**
 * The empty state's sentence names the active filters: each part shows
 * while its chip is checked (the text part while the script has a text
 * filter, `data-q`), so it reads right with or without a script.
 */
const partRules = [
  ...rooms.map((room) => `${scope}:has(${roomChecked(room.id)}) [data-empty-part="room-${room.id}"]`),
  `${scope}:has(${hostOnlyChecked}):not(:has(${perKeyChecked})) [data-empty-part="host-only"]`,
  `${scope}:has(${perKeyChecked}):not(:has(${hostOnlyChecked})) [data-empty-part="per-key"]`,
  `${scope}:has(${hostOnlyChecked}):has(${perKeyChecked}) [data-empty-part="both"]`,
  `${scope}[data-q] [data-empty-part="q"]`,
  `${scope}:has(${hostOnlyChecked}, ${perKeyChecked}) [data-empty-part="and"]`,
];

/** On a phone each row is a block (app/global.css); each cell but the name follows its column's name. */
const labelRules = optionTableHeader
  .slice(1)
  .map((label, index) => `${scope} td:nth-child(${index + 2})::before { content: "${label}"; content: "${label}" / ""; }`);

const css = `${hideRules.join(',\n')} { display: none; }
${scope} { counter-reset: options-shown; }
${scope} tr[data-option-row] { counter-increment: options-shown; }
@media (scripting: none) {
  ${scope} [data-options-count] { font-size: 0; }
  ${scope} [data-options-count]::before { content: counter(options-shown); font-size: 0.875rem; }
}
${scope} [data-options-empty], ${scope} [data-empty-part] { display: none; }
${emptyStates.map((state) => `${state} [data-options-table]`).join(',\n')} { display: none; }
${emptyStates.map((state) => `${state} [data-options-empty]`).join(',\n')} { display: block; }
${partRules.join(',\n')} { display: inline; }
@media (width < 40rem) {
  ${labelRules.join('\n  ')}
}`;

function OptionBrowser({ children }: { children: ReactNode }) {
  const total = optionCount;
  return (
    <div data-option-browser="" className="option-browser">
      <style>{css}</style>
      <form
        id={filtersForm}
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
            {optionMarkLabels.hostOnly}
          </label>
          <label className={chip} title="Options with keys of your choosing, where a rule decides which keys a desktop may write.">
            <input type="checkbox" name="per-key" className="sr-only" />
            {optionMarkLabels.desktopSafePerKey}
          </label>
        </fieldset>
      </form>
      {/* The count comes after the table in the source, so the CSS counter has counted every shown row, and is
          shown above it in a grid row of its own height (`.option-browser`): the table never moves down when the
          parser reaches the count. */}
      <div data-options-table="">{children}</div>
      <p data-options-count-line="" className="not-prose text-sm text-fd-muted-foreground" aria-hidden="true">
        <span data-options-count="">{total}</span> of {total} options shown
      </p>
      <EmptyState />
    </div>
  );
}


/**
 * In the table's place when no option passes the filters: a sentence naming
 * them and a button that clears them all. The button resets the filters'
 * form, which is all it takes without a script (the chips are its inputs);
 * with one, OptionFilter also clears the text filter and the URL's query,
 * and puts focus back in the text field.
 */
function EmptyState() {
  const { hostOnly, desktopSafePerKey } = optionMarkLabels;
  return (
    <div data-options-empty="" className="not-prose my-6 rounded-xl border bg-fd-card p-6 text-center">
      <p data-options-empty-message="" className="text-fd-foreground">
        No option
        {rooms.map((room) => (
          <span key={room.id} data-empty-part={`room-${room.id}`}>
            {` in the ${room.title} room`}
          </span>
        ))}
        <span data-empty-part="host-only">{` is marked ${hostOnly}`}</span>
        <span data-empty-part="per-key">{` is marked ${desktopSafePerKey}`}</span>
        <span data-empty-part="both">{` is marked both ${hostOnly} and ${desktopSafePerKey}`}</span>
        <span data-empty-part="q">
          <span data-empty-part="and"> and</span> matches “<span data-options-query="" />”
        </span>
        .
      </p>
      <button
        type="reset"
        form={filtersForm}
        className="mt-4 inline-flex items-center rounded-md border bg-fd-secondary px-3 py-1.5 text-sm font-medium text-fd-secondary-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary"
      >
        Clear all filters
      </button>
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
