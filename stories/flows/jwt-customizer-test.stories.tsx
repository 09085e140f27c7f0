import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { jwtCustomizerTestMachine } from '#machines/jwt-customizer-test.machine.ts';
import { defaultContextSamples, defaultTokenSamples, type JwtTest } from '#schemas/jwt-customizer.ts';
import { JwtTestView, type JwtTestViewProps } from '#src/flows/jwt-customizer-test/JwtTestView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the custom JWT editor's Test (customize-jwt.md §2), named by its state path. */
type Args = Pick<JwtTestViewProps, 'send' | 'request'>;

const request: JwtTest = {
  tokenType: 'access-token',
  script: 'const getCustomJwtClaims = async ({ context }) => ({ plan: context.user.customData.plan ?? "free" });',
  token: { ...defaultTokenSamples['access-token'] },
  context: { ...defaultContextSamples['access-token'] },
};

const meta: Meta<Args> = {
  title: 'Flows/Custom JWT test',
  parameters: { machine: jwtCustomizerTestMachine.id, layout: 'padded' },
  args: { send: fn(), request: () => request },
};

export default meta;

const stateStory = stateStories(jwtCustomizerTestMachine, {}, (state, args: Args) => <JwtTestView state={state} {...args} />);

const failure = (code: string, status: number, details: object) => ({ status, message: 'refused', body: { code, message: 'The script failed.', details } });

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Run test' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'RUN', request });
});

export const running = stateStory(
  'running',
  async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Run test' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Running…');
  },
  { request },
);

export const passed = stateStory(
  'passed',
  async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('The script returned these claims');
    await expect(canvas.getByRole('status')).toHaveTextContent('Ran in 12 ms');
    await expect(canvas.getByLabelText('Returned claims')).toHaveTextContent('"plan": "pro"');
    // A reserved claim the script tried to set is listed, struck out.
    await expect(canvas.getByText('sub')).toBeVisible();
    await expect(canvas.getByLabelText('Console output')).toHaveTextContent('[log] user u1x2c3v4b5n6');
  },
  {
    request,
    result: { claims: { plan: 'pro', tenant_role_count: 1 }, droppedClaims: ['sub'], consoleOutput: { lines: [{ level: 'log', message: 'user u1x2c3v4b5n6' }], truncated: false }, durationMs: 12.4 },
  },
);

export const failed = stateStory(
  'failed',
  async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The script failed');
    await expect(alert).toHaveTextContent('General');
    await expect(alert).toHaveTextContent('The script ran past its time limit of 1000 ms.');
    await expect(alert).toHaveTextContent('Line 2');
    await expect(canvas.getByLabelText('Console output')).toHaveTextContent('[warn] starting the loop');
  },
  {
    request,
    error: failure('jwt_customizer.general', 422, {
      code: 'General',
      message: 'The script ran past its time limit of 1000 ms.',
      line: 2,
      consoleOutput: { lines: [{ level: 'warn', message: 'starting the loop' }], truncated: true },
      durationMs: 1004,
    }),
  },
);
