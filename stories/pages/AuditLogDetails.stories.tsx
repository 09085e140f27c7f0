import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { selfHostedOf } from '../support/editions.ts';
import { auditLogsMeta, type Args } from './audit-logs-console.ts';

/** One log, reached from the audit log, a user or an app; its loading, not-found and error states are the detail kit's (stories/ui). */
const meta: Meta<Args> = { ...auditLogsMeta, title: 'Pages/Audit log details' };

export default meta;
type Story = StoryObj<Args>;

/** A failed step: the error in red, the origin with the parsed user agent, and the raw payload. */
export const Details: Story = {
  args: { path: '/acme/audit-logs/log2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign-in: verify password' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to audit logs' })).toHaveAttribute('href', '/console/acme/audit-logs');
    await expect(canvas.getByRole('link', { name: 'Related logs' })).toHaveAttribute('href', expect.stringContaining('/console/acme/audit-logs?sessionId=sess1'));
    await expect(canvas.getByRole('img', { name: 'Error' })).toBeVisible();
    await expect(canvas.getByText('session.invalid_credentials')).toBeVisible();
    await expect(canvas.getByText('Wrong identifier or password.')).toBeVisible();
    await expect(canvas.getByText('Interaction.SignIn.Verification.Password.Submit')).toBeVisible();
    await expect(canvas.getByText('203.0.113.7')).toBeVisible();
    await expect(canvas.getByText('Chrome 120 · macOS 14.2.1 · desktop')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy Log ID' })).toBeVisible();
    await expect(canvas.getByLabelText('Log payload (JSON)')).toHaveTextContent('"sessionId": "sess1"');
  },
};

/** An administrator's change: who made it, and each field from and to (secrets redacted). */
export const DetailsManagement: Story = {
  args: { path: '/acme/audit-logs/log7' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User updated' })).toBeVisible();
    await expect(canvas.getByText('Actor').nextElementSibling).toHaveTextContent('Ada');
    const changes = canvas.getByRole('table', { name: 'Changes' });
    await expect(within(changes).getAllByRole('row')[1]).toHaveTextContent(/name.*Ann.*Ann Lee/);
    await expect(within(changes).getAllByRole('row')[2]).toHaveTextContent(/password.*\[redacted\].*\[redacted\]/);
  },
};

export const DetailsImpersonation: Story = {
  args: { path: '/acme/audit-logs/log8' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Token request: token exchange' })).toBeVisible();
    await expect(canvas.getByText('Impersonation')).toBeVisible();
  },
};

export const DetailsSelfHosted = selfHostedOf(Details);

/** A user's log: the way back names the user. */
export const UserLogDetails: Story = {
  args: { path: '/acme/users/ann/logs/log6' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Token request: authorization code' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Ann Lee' })).toHaveAttribute('href', '/console/acme/users/ann/logs');
  },
};

export const UserLogDetailsSelfHosted = selfHostedOf(UserLogDetails);

/** An app's log: the way back names the app. */
export const ApplicationLogDetails: Story = {
  args: { path: '/acme/applications/spa1/logs/log5' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Interaction ended' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Storefront' })).toHaveAttribute('href', '/console/acme/applications/spa1/logs');
  },
};

export const ApplicationLogDetailsSelfHosted = selfHostedOf(ApplicationLogDetails);
