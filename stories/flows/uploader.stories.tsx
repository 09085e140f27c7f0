import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { uploaderMachine, type UploaderContext } from '#machines/uploader.machine.ts';
import { UploaderView, type UploaderViewProps } from '#src/flows/uploader/UploaderView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the uploader machine, named by its state path (spec 01 §4 uploader). */
type Args = Pick<UploaderViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Uploader',
  parameters: { machine: uploaderMachine.id, layout: 'padded' },
  args: { send: fn() },
};

export default meta;

const baseContext: UploaderContext = { maxSize: 500 * 1024 };

const stateStory = stateStories(uploaderMachine, baseContext, (state, { send }: Args) => <UploaderView state={state} send={send} />);

export const idle = stateStory('idle', async ({ canvas }) => {
  await expect(await canvas.findByRole('button', { name: 'Upload image' })).toBeEnabled();
  await expect(canvas.queryByRole('alert')).toBeNull();
});

export const uploading = stateStory('uploading', async ({ canvas, args, userEvent }) => {
  await expect(await canvas.findByRole('button', { name: 'Upload image' })).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(canvas.getByRole('button', { name: 'Cancel upload' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CANCEL' });
});

export const error = stateStory(
  'error',
  async ({ canvas, args, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The file is too large. The limit is 200 KB.');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RESET' });
  },
  { error: { kind: 'fileSize', limit: 200 * 1024 } },
);

export const complete = stateStory(
  'complete',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Upload image' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
  { url: 'https://example.com/me.png' },
);
