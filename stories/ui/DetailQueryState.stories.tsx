import type { Meta, StoryObj } from '@storybook/react-vite';
import { Title } from '@mantine/core';
import { expect, fn, userEvent } from 'storybook/test';
import { ApiError } from '#src/api/errors.ts';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { WithRouter } from '../shell/with-router.tsx';
import { notFound } from '../support/fake-api.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { members, type Member } from './kit-samples.tsx';

type Args = { data?: Member; error?: unknown; refetch: () => void };

/**
 * A detail page until its entity is there (src/ui/detail/DetailQueryState.tsx): each state once here, so that a
 * page's stories show only what is its own.
 */
const meta: Meta<Args> = {
  title: 'Kits/Detail state',
  args: { refetch: fn() },
  render: ({ data, error, refetch }) => (
    <WithRouter path="/t1/members/long">
      <DetailQueryState query={{ data, error, refetch }}>{(member) => <Title order={1}>{member.name}</Title>}</DetailQueryState>
    </WithRouter>
  ),
};

export default meta;
type Story = StoryObj<Args>;

/** Loading: a skeleton of the page, announced as loading. */
export const Loading: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  },
};

/** An id the server does not know (404): "not found", with the way back to the console. */
export const NotFound: Story = {
  args: { error: notFound() },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the console' })).toBeVisible();
  },
};

/** Any other failure: what happened, and Retry. */
export const LoadError: Story = {
  args: { error: new ApiError('Gateway timeout', 504, undefined) },
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This page could not be loaded.');
    await expect(alert).toHaveTextContent('Gateway timeout');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.refetch).toHaveBeenCalled();
  },
};

/** Loaded: the page, with the longest name the samples have, at phone width. */
export const Loaded: Story = {
  globals: atPhoneWidth,
  args: { data: members[2] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Maximiliane Wilhelmina Fitzgerald-Oyelaran' })).toBeVisible();
  },
};

/** Data once loaded stays through a failed refetch (after a delete, on the way back to the list). */
export const FailedRefetch: Story = {
  args: { data: members[0], error: new ApiError('Gateway timeout', 504, undefined) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The error at phone width: the message and Retry fit. */
export const LoadErrorOnAPhone: Story = { ...LoadError, globals: atPhoneWidth };
