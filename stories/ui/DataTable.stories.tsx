import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mantine/core';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataTable } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { memberColumns, memberLink, members, type Member } from './kit-samples.tsx';

type Args = {
  /** The page's rows once loaded; none while loading. */
  items?: Member[];
  /** Total-Number of the list; `capped` when the server stopped counting. */
  total?: number;
  capped?: boolean;
  isError?: boolean;
  page: number;
  refetch: () => void;
  onPageChange: (page: number) => void;
  onOpen: (id: string) => void;
};

/**
 * The table every list of the console shows (src/ui/table/DataTable.tsx): each state once here, so that a page's
 * stories show only what is its own.
 */
const meta: Meta<Args> = {
  title: 'Kits/Data table',
  parameters: { layout: 'padded' },
  args: { items: members, page: 1, refetch: fn(), onPageChange: fn(), onOpen: fn() },
  render: ({ items, total, capped, isError = false, page, refetch, onPageChange, onOpen }) => (
    <Box maw={960}>
      <DataTable
        label="Members"
        columns={memberColumns}
        list={{ data: items && { items, total: total ?? items.length, ...(capped ? { capped } : {}) }, isPending: !items && !isError, isError, refetch }}
        rowKey={(member) => member.id}
        rowLink={memberLink(onOpen)}
        empty={<ListEmpty text="No members yet." />}
        page={page}
        pageSize={20}
        onPageChange={onPageChange}
      />
    </Box>
  ),
};

export default meta;
type Story = StoryObj<Args>;

/** The rows, each opened by its link or by a click anywhere else on the row; one page needs no pager. */
export const Rows: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Members' });
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'E-mail', 'Role']);
    await expect(within(table).getByRole('link', { name: 'Ann Lee' })).toBeVisible();
    await userEvent.click(within(table).getByText('bob@example.com'));
    await expect(args.onOpen).toHaveBeenCalledWith('bob');
    await expect(canvas.queryByRole('button', { name: 'Next page' })).toBeNull();
  },
};

/** Loading: the header and skeleton rows, hidden from screen readers, in a busy table. */
export const Loading: Story = {
  args: { items: undefined },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Members', busy: true });
    await expect(table).toBeVisible();
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    await expect(within(table).queryAllByRole('row')).toHaveLength(1);
  },
};

/** An empty first page: the list's placeholder instead of the table. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No members yet.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The list could not be loaded: what happened, and Retry. */
export const LoadError: Story = {
  args: { items: undefined, isError: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.refetch).toHaveBeenCalled();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** More rows than a page: the range shown, and pages from the total. */
export const Paged: Story = {
  args: { page: 2, total: 43 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('21–23 of 43')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(3);
  },
};

/** A total the server stopped counting: "10,000+" and no page numbers, as the last page is not known. */
export const Capped: Story = {
  args: { page: 2, total: 10_000, capped: true, items: Array.from({ length: 20 }, (_, index) => ({ ...members[0]!, id: `m${index}` })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('21–40 of 10,000+')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Page 2' })).toBeNull();
  },
};

/** A page past the end (the list shrank since): the pager stays, to go back. */
export const PastTheEnd: Story = {
  args: { page: 3, total: 41, items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No items on this page.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  },
};

/** On a phone each row is a block, each value under its column's title: nothing behind a sideways scroll. */
export const OnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Members' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isWithinWindow(cell)).toBe(true);
    await expect(within(table).getByText('Maximiliane Wilhelmina Fitzgerald-Oyelaran')).toBeVisible();
  },
};
