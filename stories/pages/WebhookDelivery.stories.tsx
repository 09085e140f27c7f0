import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { sampleHookLog } from '#tests/support/webhook-samples.ts';
import { attempts, crmSync, unanswered, webhooksMeta, type Args } from './webhooks-console.ts';

/** One delivery attempt: what was sent and answered, its attempts, and Resend; the resend's own states are the flow's. */
const meta: Meta<Args> = { ...webhooksMeta, title: 'Pages/Webhook delivery' };

export default meta;
type Story = StoryObj<Args>;

/** The second of three attempts: a 500, the retry it scheduled, and the timeline of all three. */
export const Retried: Story = {
  args: { path: '/acme/webhooks/crm/recent-requests/log-2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User.Created' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Back to CRM sync' })).toHaveAttribute('href', '/console/acme/webhooks/crm/recent-requests');
    await expect(canvas.getByText('2 of 3')).toBeVisible();
    await expect(canvas.getByText('Status 500')).toBeVisible();
    await expect(canvas.getByLabelText('Request body (JSON)')).toHaveTextContent('"hookId": "crm"');
    await expect(canvas.getByLabelText('Request headers')).toHaveTextContent('webhook-id: d1');
  },
};

/** The timeline of the same delivery: its three attempts, the gaps between them, and the one on the page marked. */
export const RetriedTimeline: Story = {
  args: { path: '/acme/webhooks/crm/recent-requests/log-2' },
  play: async ({ canvas }) => {
    const timeline = await canvas.findByRole('list', { name: 'Attempts' });
    const items = within(timeline).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^500Attempt 1 of 3/),
      expect.stringMatching(/^500Attempt 2 of 3.*11 sec after the one before/),
      expect.stringMatching(/^200Attempt 3 of 3.*1 min after the one before/),
    ]);
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
    await expect(within(items[2]!).getByRole('link', { name: 'Attempt 3 of 3' })).toHaveAttribute('href', '/console/acme/webhooks/crm/recent-requests/log-3');
  },
};

/** Nothing answered: the network error, and no response. */
export const Unanswered: Story = {
  args: { path: `/acme/webhooks/crm/recent-requests/${unanswered.id}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User.Deleted' })).toBeVisible();
    await expect(canvas.getAllByText('Request error')[0]).toBeVisible();
    await expect(canvas.getByText('connect ECONNREFUSED 203.0.113.7:443')).toBeVisible();
    await expect(canvas.getByText('No response: the request failed before the endpoint answered.')).toBeVisible();
  },
};

/** Resend: the delivery is queued again and its new attempt, once logged, is linked and joins the timeline. */
export const Resent: Story = {
  args: {
    path: '/acme/webhooks/crm/recent-requests/log-3',
    resentAttempt: sampleHookLog('log-4', crmSync, { status: 200, attempt: 4, maxAttempts: 4, deliveryId: 'd1', createdAt: '2026-11-29T11:00:00.000Z', resend: true }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Attempts' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend' }));
    const result = await canvas.findByText('The endpoint answered the resent request with 200.', {}, { timeout: 5000 });
    await expect(result).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the new attempt' })).toHaveAttribute('href', '/console/acme/webhooks/crm/recent-requests/log-4');
    await expect(await within(canvas.getByRole('list', { name: 'Attempts' })).findByText('resent')).toBeVisible();
  },
};

export const DeliveryOfAttempts: Story = {
  args: { path: `/acme/webhooks/crm/recent-requests/${attempts[0]!.id}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 of 3')).toBeVisible();
    await expect(canvas.getByText('None')).toBeVisible();
  },
};
