import { useState, type MouseEvent } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { body, dialogNamed } from '../support/queries.ts';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

type Args = { saving: boolean; onSave: (name: string) => void; onDiscard: () => void };

const savedName = 'Maximiliane Wilhelmina Fitzgerald-Oyelaran';

/** A member's details tab: one field, dirty once it differs from the saved name. */
function MemberForm({ saving, onSave, onDiscard }: Args) {
  const [name, setName] = useState(savedName);
  return (
    <DetailsForm
      dirty={name !== savedName}
      saving={saving}
      onSubmit={(event) => {
        event?.preventDefault();
        onSave(name);
      }}
      onDiscard={() => {
        setName(savedName);
        onDiscard();
      }}
    >
      <FormSection title="Profile">
        <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </FormSection>
    </DetailsForm>
  );
}

/** The form on one page of a two-page console, so that leaving it can be tried. */
function TwoPages(args: Args) {
  const [router] = useState(() => twoPagesRouter(args));
  return <RouterProvider router={router} />;
}

function twoPagesRouter(args: Args) {
  const history = createMemoryHistory({ initialEntries: ['/members/long'] });
  // Through the history, as a router link goes: the console's typed links know only the console's routes.
  const leave = (event: MouseEvent) => {
    event.preventDefault();
    history.push('/members');
  };
  const root = createRootRoute({
    component: () => (
      <>
        <nav aria-label="Pages">
          <a href="/members" onClick={leave}>
            Members
          </a>
        </nav>
        <Outlet />
      </>
    ),
  });
  const form = createRoute({ getParentRoute: () => root, path: '/members/long', component: () => <MemberForm {...args} /> });
  const list = createRoute({ getParentRoute: () => root, path: '/members', component: () => <h1>All members</h1> });
  return createRouter({ routeTree: root.addChildren([form, list]), history });
}

/**
 * The form of a detail tab (src/ui/form/DetailsForm.tsx with FormSection and UnsavedChangesGuard): once a field
 * changes, a Save and Discard bar, and leaving the page asks first.
 */
const meta: Meta<Args> = {
  title: 'Kits/Details form',
  parameters: { layout: 'padded' },
  args: { saving: false, onSave: fn(), onDiscard: fn() },
  render: (args) => <TwoPages {...args} />,
};

export default meta;
type Story = StoryObj<Args>;

const changeName = async (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) => {
  const name = await canvas.findByRole('textbox', { name: 'Name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'Ann Lee');
};

/** As saved: no bar. */
export const Saved: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  },
};

/** Changed: the bar saves the values, or discards them and goes. */
export const Unsaved: Story = {
  play: async ({ canvas, args }) => {
    await changeName(canvas);
    const bar = await canvas.findByRole('region', { name: 'Unsaved changes' });
    await expect(bar).toHaveTextContent('You have unsaved changes.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.onSave).toHaveBeenCalledWith('Ann Lee');
    await userEvent.click(canvas.getByRole('button', { name: 'Discard' }));
    await expect(args.onDiscard).toHaveBeenCalled();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue(savedName);
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
  },
};

/** Saving: Discard waits, and Save shows it is busy. */
export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvas }) => {
    await changeName(canvas);
    await expect(await canvas.findByRole('button', { name: 'Discard' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Leaving with unsaved changes asks first: Cancel stays on the page, Leave goes. */
export const LeaveGuard: Story = {
  play: async ({ canvas, canvasElement }) => {
    await changeName(canvas);
    await userEvent.click(canvas.getByRole('link', { name: 'Members' }));
    const ask = await dialogNamed(canvasElement, 'Leave this page?');
    await expect(ask).toHaveTextContent('You have unsaved changes. They are lost if you leave this page.');
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Ann Lee');
    await userEvent.click(canvas.getByRole('link', { name: 'Members' }));
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Leave' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'All members' })).toBeVisible();
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** On a phone the bar's message and buttons fit the window. */
export const UnsavedOnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    await changeName(canvas);
    const bar = await canvas.findByRole('region', { name: 'Unsaved changes' });
    for (const part of [bar, canvas.getByRole('button', { name: 'Discard' }), canvas.getByRole('button', { name: 'Save changes' })]) await expect(isWithinWindow(part)).toBe(true);
  },
};
