import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { sessionMachine, type SessionContext } from '#machines/session.machine.ts';
import { SessionView, type SessionViewProps } from '#src/flows/session/SessionView.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { stateStories } from './state-story.tsx';

/** One story per state of the session machine, named by its state path (spec 01 §2 sign-in and redirect). */
type Args = Pick<SessionViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Session',
  parameters: { machine: sessionMachine.id },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const openedAt = { pathname: '/t1/users', search: '?page=2', hash: '' };
const tenants = [sampleTenant('t1'), sampleTenant('t2', { tag: 'production', planId: 'free' })];
const baseContext: SessionContext = { location: openedAt, hasSecureCrypto: true, tenants: [] };

/** The view of a restored snapshot: no invoke or timer starts, so a loading state stays loading. */
const stateStory = stateStories(sessionMachine, baseContext, (state, { send }: Args) => (
  <SessionView state={state} send={send}>
    <main aria-label="Console">Console content</main>
  </SessionView>
));

const showsLoading: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(canvas.queryByRole('main')).toBeNull();
};

export const checkingEnvironment = stateStory('checkingEnvironment', showsLoading);

export const insecureContext = stateStory('insecureContext', async ({ canvas }) => {
  const alert = await canvas.findByRole('alert');
  await expect(alert).toHaveTextContent('This page needs a secure connection');
  await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(canvas.queryByRole('status')).toBeNull();
}, { hasSecureCrypto: false });

export const checkingAuthentication = stateStory('checkingAuthentication', showsLoading);
export const savingRedirect = stateStory('savingRedirect', showsLoading);
export const signingIn = stateStory('signingIn', showsLoading);
export const handlingCallback = stateStory('handlingCallback', showsLoading, {
  location: { pathname: '/callback', search: '?code=abc&state=xyz', hash: '' },
});
export const restoringRedirect = stateStory('restoringRedirect', showsLoading);
export const fetchingTenants = stateStory('fetchingTenants', showsLoading);

export const ready = stateStory('ready', async ({ canvas }) => {
  await expect(await canvas.findByRole('main', { name: 'Console' })).toHaveTextContent('Console content');
  await expect(canvas.queryByRole('status')).toBeNull();
}, { tenants });

export const signingOut = stateStory('signingOut', showsLoading, { tenants });

export const error = stateStory('error', async ({ canvas, args, userEvent }) => {
  await expect(await canvas.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
  await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
}, { error: { message: 'Failed to fetch' } });
