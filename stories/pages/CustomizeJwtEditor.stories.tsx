import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { customizeJwtMeta, savedScript, type Args } from './customize-jwt-console.ts';

/** The custom JWT editor (customize-jwt.md §2): script, variables, samples, Test, Save, and the unsaved-changes guard. */
const meta: Meta<Args> = { ...customizeJwtMeta, title: 'Pages/Custom JWT editor', args: { ...customizeJwtMeta.args, path: '/acme/customize-jwt/access-token/create' } };

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const scriptEditor = (canvas: ReturnType<typeof within>) => canvas.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });

export const Create: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User access token' })).toBeVisible();
    const editor = await scriptEditor(canvas);
    await expect(editor).toHaveTextContent('const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => {');
    await expect(canvas.getByRole('button', { name: 'Create' })).toBeEnabled();
    await expect(canvas.getByRole('switch', { name: 'Block token issuance when the script fails' })).toBeChecked();
    await expect(canvas.getByText('No variables yet.')).toBeVisible();
  },
};

/** The keyboard leaves the editor with Tab: it is not bound to indenting. */
export const KeyboardLeavesTheEditor: Story = {
  play: async ({ canvas }) => {
    const editor = await scriptEditor(canvas);
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.tab();
    await expect(editor).not.toHaveFocus();
    await expect(canvas.getByRole('switch', { name: 'Block token issuance when the script fails' })).toHaveFocus();
  },
};

export const EditWithMaskedVariables: Story = {
  args: { path: '/acme/customize-jwt/access-token/edit', saved: { 'access-token': savedScript } },
  play: async ({ canvas }) => {
    const editor = await scriptEditor(canvas);
    await expect(editor).toHaveTextContent('tier: environmentVariables.TIER');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
    const values = canvas.getAllByLabelText('Value');
    await expect(values).toHaveLength(2);
    for (const value of values) {
      await expect(value).toHaveValue('');
      await expect(value).toHaveAttribute('placeholder', '••••••••');
    }
    await expect(canvas.getAllByText('Saved. Type to replace it.')).toHaveLength(2);
  },
};

/** `create` with a saved script edits it; `edit` without one goes to `create`. */
export const EditWithoutScript: Story = {
  args: { path: '/acme/customize-jwt/client-credentials/edit' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Machine-to-machine access token' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Create' })).toBeVisible();
  },
};

export const UnknownTokenType: Story = {
  args: { path: '/acme/customize-jwt/id-token/create' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/page not found/i)).toBeVisible();
  },
};

export const TestPassed: Story = {
  args: {
    test: { claims: { plan: 'pro', tier: 'gold' }, droppedClaims: ['sub'], consoleOutput: { lines: [{ level: 'info', message: 'ran' }], truncated: false }, durationMs: 7 },
  },
  play: async ({ canvas }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('tab', { name: 'Test' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run test' }));
    await expect(await canvas.findByLabelText('Returned claims')).toHaveTextContent('"tier": "gold"');
    await expect(canvas.getByText('sub')).toBeVisible();
  },
};

export const TestTimeLimit: Story = {
  args: {
    test: { code: 'General', message: 'The script ran past its time limit of 1000 ms.', consoleOutput: { lines: [], truncated: false }, durationMs: 1002 },
  },
  play: async ({ canvas }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('tab', { name: 'Test' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run test' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('General');
    await expect(alert).toHaveTextContent('time limit');
    await expect(canvas.getByText('The script printed nothing.')).toBeVisible();
  },
};

/** A sample that is not JSON is shown on its tab, which opens, and nothing runs. */
export const InvalidSample: Story = {
  play: async ({ canvas }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('tab', { name: 'Context sample' }));
    const sample = await canvas.findByRole('textbox', { name: 'Context sample' }, { timeout: 5000 });
    await userEvent.click(sample);
    await userEvent.keyboard('{Control>}a{/Control}not json');
    await userEvent.click(canvas.getByRole('tab', { name: 'Test' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run test' }));
    await waitFor(() => expect(canvas.getByRole('tab', { name: /Context sample/ })).toHaveAttribute('aria-selected', 'true'));
    await expect(await canvas.findByText(/^Enter valid JSON/)).toBeVisible();
    await expect(canvas.queryByLabelText('Returned claims')).toBeNull();
  },
};

export const VariableRules: Story = {
  play: async ({ canvas }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Add variable' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add variable' }));
    const keys = canvas.getAllByRole('textbox', { name: 'Key' });
    await userEvent.type(keys[0]!, '1TIER');
    await userEvent.type(keys[1]!, 'TIER');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('Use letters, digits and _, not starting with a digit, up to 64 characters.')).toBeVisible();
    await expect(canvas.getAllByText('Enter a value of up to 4,096 characters.')).toHaveLength(2);
  },
};

export const SaveCompileError: Story = {
  args: { save: { line: 12, message: 'Unexpected token "}"' } },
  play: async ({ canvas, canvasElement }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The script was not saved');
    await expect(alert).toHaveTextContent('Line 12: Unexpected token "}"');
    await waitFor(() => expect(canvasElement.querySelectorAll('pre [class*="errorLine"]')).toHaveLength(1));
  },
};

export const SaveRefusedByPlan: Story = {
  args: { save: 'quota' },
  play: async ({ canvas }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('Quota limit reached')).toBeVisible();
  },
};

export const LeaveWithChanges: Story = {
  play: async ({ canvas, canvasElement }) => {
    await scriptEditor(canvas);
    await userEvent.click(canvas.getByRole('switch', { name: 'Block token issuance when the script fails' }));
    await userEvent.click(canvas.getByRole('link', { name: 'Back to Custom JWT' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Leave this page?' });
    await expect(dialog).toBeVisible();
  },
};

export const RestoreTemplate: Story = {
  args: { path: '/acme/customize-jwt/access-token/create', saved: { 'access-token': savedScript } },
  play: async ({ canvas, canvasElement }) => {
    const editor = await scriptEditor(canvas);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Restore template' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Restore the template?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(editor).toHaveTextContent('return {};'));
  },
};
