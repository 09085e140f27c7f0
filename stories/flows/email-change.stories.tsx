import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { emailChangeMachine } from '#machines/email-change.machine.ts';
import { EmailChangeView, type EmailChangeViewProps } from '#src/flows/email-change/EmailChangeView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the e-mail change machine, named by its state path (spec 01 §4, §5 navigation state). */
type Args = Pick<EmailChangeViewProps, 'send' | 'onCancel'>;

const meta: Meta<Args> = {
  title: 'Flows/E-mail change',
  parameters: { machine: emailChangeMachine.id, layout: 'padded' },
  args: { send: fn(), onCancel: fn() },
};

export default meta;

const stateStory = stateStories(emailChangeMachine, { step: 'linkEmail', action: 'changeEmail' }, (state, { send, onCancel }: Args) => (
  <EmailChangeView state={state} send={send} onCancel={onCancel} />
));

const sent = { email: 'new@example.com' };
const onCodePage = { ...sent, step: 'verificationCode' as const };

export const start = stateStory('start', async ({ canvas }) => {
  await expect(await canvas.findByRole('heading', { name: 'Link e-mail' })).toBeVisible();
});

export const linkEmail = stateStory(
  'linkEmail',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This e-mail is already in use.');
    const input = canvas.getByLabelText(/New e-mail/);
    await userEvent.type(input, 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText('Enter a valid e-mail address.')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT_EMAIL', email: 'new@example.com' });
  },
  { error: 'This e-mail is already in use.' },
);

export const sending = stateStory(
  'sending',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Send code' })).toHaveAttribute('aria-busy', 'true');
  },
  sent,
);

export const verificationCode = stateStory(
  'verificationCode',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Verification code' })).toBeVisible();
    await expect(canvas.getByText('We sent a code to new@example.com.')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The verification code is wrong.');
    await userEvent.type(canvas.getByLabelText(/Verification code/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT_CODE', code: '123456' });
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RESEND' });
  },
  { ...onCodePage, error: 'The verification code is wrong.' },
);

export const resending = stateStory(
  'resending',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Send a new code' })).toHaveAttribute('aria-busy', 'true');
  },
  onCodePage,
);

export const verifying = stateStory(
  'verifying',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Verify' })).toHaveAttribute('aria-busy', 'true');
  },
  onCodePage,
);

export const settingEmail = stateStory(
  'settingEmail',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Verify' })).toHaveAttribute('aria-busy', 'true');
  },
  onCodePage,
);

export const done = stateStory(
  'done',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Verify' })).toHaveAttribute('aria-busy', 'true');
  },
  onCodePage,
);
