import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mantine/core';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#src/ui/Button.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useSearch } from '@tanstack/react-router';
import { readListSearch } from '#schemas/list-search/list.ts';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { WithRouter } from '../shell/with-router.tsx';
import { atPhoneWidth } from '../support/phone.ts';
import { isWithinWindow } from '../support/layout.ts';
import { memberColumns, members, type Member } from './kit-samples.tsx';

type Args = { path: string; items: Member[]; onAdd: () => void };

/** The members whose name or e-mail holds the search in the URL, as a list section's query would answer. */
function Members({ items, onAdd }: Omit<Args, 'path'>) {
  // The story's router has no route of its own to type the search: it is read here as a list route would.
  const listSearch = useListSearch(readListSearch(useSearch({ strict: false })));
  const q = listSearch.search.q?.toLowerCase() ?? '';
  const found = items.filter((member) => `${member.name} ${member.email}`.toLowerCase().includes(q));
  return (
    <ListSection
      title="Members"
      action={<Button onClick={onAdd}>Add members</Button>}
      searchLabel="Search by name or e-mail"
      listSearch={listSearch}
      emptyText={q ? `No member matches "${q}".` : 'This team has no members yet.'}
      columns={memberColumns}
      list={{ data: { items: found, total: found.length }, isPending: false, isError: false, refetch: () => {} }}
      rowKey={(member) => member.id}
    />
  );
}

/**
 * A list inside a tab of a detail page (src/ui/table/ListSection.tsx): heading and action, the search box kept in the
 * URL, and the table with its states (stories/ui/DataTable.stories.tsx).
 */
const meta: Meta<Args> = {
  title: 'Kits/List section',
  parameters: { layout: 'padded' },
  args: { path: '/t1/teams/core/members', items: members, onAdd: fn() },
  render: ({ path, ...args }) => (
    <WithRouter path={path}>
      <Box maw={960}>
        <Members {...args} />
      </Box>
    </WithRouter>
  ),
};

export default meta;
type Story = StoryObj<Args>;

/** The heading names the table; a search goes to the URL and the table follows it. */
export const Search: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Members' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Members' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'bob{Enter}');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await expect(within(table).getByText('Bob Stone')).toBeVisible();
  },
};

/** Nothing yet: the placeholder offers the section's action too. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText('This team has no members yet.')).toBeVisible();
    const add = canvas.getAllByRole('button', { name: 'Add members' });
    await expect(add).toHaveLength(2);
    await userEvent.click(add[1]!);
    await expect(args.onAdd).toHaveBeenCalled();
  },
};

/** A search from the URL that finds nothing: the box shows it, and the placeholder does not offer the action again. */
export const NoMatch: Story = {
  args: { path: '/t1/teams/core/members?q=nobody' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No member matches "nobody".')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue('nobody');
    await expect(canvas.getAllByRole('button', { name: 'Add members' })).toHaveLength(1);
  },
};

/** On a phone the heading, the action and the search box fit the window. */
export const OnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Members' });
    for (const part of [heading, canvas.getByRole('button', { name: 'Add members' }), canvas.getByRole('searchbox')]) await expect(isWithinWindow(part)).toBe(true);
  },
};
