/**
 * The classes of the header's square icon buttons (search on small screens,
 * theme, code host, docs menu). Sites that hide the button at some width
 * append their own `md:hidden`, `lg:hidden` or `max-sm:hidden`.
 */
export const iconButton =
  'inline-flex size-9 items-center justify-center rounded-md text-fd-muted-foreground hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary';
