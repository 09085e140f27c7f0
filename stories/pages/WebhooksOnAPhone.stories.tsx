import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleHook, sampleHookLog } from '#tests/support/webhook-samples.ts';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { dialogNamed } from '../support/queries.ts';
import { webhooksMeta as webhooks, type Args } from './webhooks-console.ts';

/** A webhook with a long name and a long endpoint, at phone width: its list, header, settings and a delivery fit. */
const longName = 'Customer-relationship synchronisation for the Asia-Pacific regional sales office';
const hook = sampleHook('h7k2m5x9q1w4z7t0y3v6u', {
  name: longName,
  events: ['User.Created', 'User.Deleted', 'User.Data.Updated', 'Organization.Membership.Updated'],
  config: { url: 'https://integrations.crm-provider.example.test/api/v2/tenants/acme/webhooks/identity-events', headers: { 'x-tenant': 'acme' }, retries: 3 },
  executionStats: { successCount: 1, requestCount: 3 },
});
const log = sampleHookLog('log-long', hook, { event: 'Organization.Membership.Updated', status: 503, attempt: 2, nextAttemptAt: '2026-11-29T10:11:00.000Z' });

const meta: Meta<Args> = { ...webhooks, title: 'Pages/Webhooks on a phone', globals: atPhoneWidth, args: { ...webhooks.args, hooks: [hook], logs: [log] } };

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Webhooks' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};

export const Settings: Story = {
  args: { path: `/acme/webhooks/${hook.id}/settings` },
  play: async ({ canvas }) => {
    await expect(hasReadableWidth(await canvas.findByRole('heading', { level: 1, name: longName }))).toBe(true);
    await expect(isFullyShown(canvas.getByText(hook.id))).toBe(true);
    for (const tab of within(canvas.getByRole('navigation', { name: 'Webhook tabs' })).getAllByRole('link')) await expect(isFullyShown(tab)).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Send test payload' }))).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Remove header 1' }))).toBe(true);
  },
};

export const RecentRequests: Story = {
  args: { path: `/acme/webhooks/${hook.id}/recent-requests` },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Recent requests' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};

export const Delivery: Story = {
  args: { path: `/acme/webhooks/${hook.id}/recent-requests/${log.id}` },
  play: async ({ canvas }) => {
    await expect(hasReadableWidth(await canvas.findByRole('heading', { level: 1, name: 'Organization.Membership.Updated' }))).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Resend' }))).toBe(true);
    await expect(canvas.getByText(/Next retry:/)).toBeVisible();
  },
};

/** The dev webhook inbox's button and its hint fit beside the endpoint on a phone. */
export const CreateWithDevInbox: Story = {
  args: { path: '/acme/webhooks/create', devInbox: true },
  play: async ({ canvasElement }) => {
    const dialog = await dialogNamed(canvasElement, 'Create webhook');
    await expect(isFullyShown(within(dialog).getByRole('button', { name: 'Use the dev webhook inbox' }))).toBe(true);
    await expect(isFullyShown(within(dialog).getByText(/For local use only/))).toBe(true);
  },
};
