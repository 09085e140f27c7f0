/**
 * Mantine's `Table.ScrollContainer` in the console's build (vite.table-scroll.ts): the tables scroll natively, in a
 * plain element (src/ui/table/TableScroll.tsx), so that every page with a table does not load ScrollArea.
 */
export function TableScrollContainer(): never {
  throw new Error('Table.ScrollContainer is left out of the console build: wrap the table in TableScroll.');
}
