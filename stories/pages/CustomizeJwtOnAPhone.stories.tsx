import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { maskedEnvironmentValue } from '#schemas/jwt-customizer.ts';
import { isWithinWindow } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { customizeJwtMeta, savedScript, type Args } from './customize-jwt-console.ts';

/** Custom JWT at phone width, with long variable names and a long script line: cards, editor and side pane fit. */
// The longest key the rules take: 64 characters.
const longKey = 'CUSTOMER_RELATIONSHIP_MANAGEMENT_API_KEY_FOR_THE_EUROPEAN_REGION';
const longScript = {
  ...savedScript,
  script: `${savedScript.script}\n// ${'a very long comment line that goes on and on '.repeat(4)}\n`,
  environmentVariables: { [longKey]: maskedEnvironmentValue, TIER: maskedEnvironmentValue },
};

const meta: Meta<Args> = {
  ...customizeJwtMeta,
  title: 'Pages/Custom JWT on a phone',
  globals: atPhoneWidth,
  args: { ...customizeJwtMeta.args, saved: { 'access-token': longScript } },
};

export default meta;
type Story = StoryObj<Args>;

export const Index: Story = {
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'User access token' });
    await expect(isWithinWindow(within(card).getByRole('button', { name: 'Delete User access token' }))).toBe(true);
    await expect(isWithinWindow(await canvas.findByRole('link', { name: /^Add custom claims/ }))).toBe(true);
  },
};

export const Editor: Story = {
  args: { path: '/acme/customize-jwt/access-token/edit' },
  play: async ({ canvas }) => {
    const editor = await canvas.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });
    await expect(isWithinWindow(editor.closest<HTMLElement>('[class*="frame"]')!)).toBe(true);
    await expect(isWithinWindow(canvas.getByRole('button', { name: 'Save' }))).toBe(true);
    const keys = canvas.getAllByRole('textbox', { name: 'Key' });
    await expect(keys[0]).toHaveValue(longKey);
    for (const key of keys) await expect(isWithinWindow(key)).toBe(true);
  },
};

export const EditorTest: Story = {
  args: { path: '/acme/customize-jwt/access-token/edit', test: { claims: { [longKey.toLowerCase()]: 'x'.repeat(120) }, droppedClaims: [], consoleOutput: { lines: [], truncated: false }, durationMs: 5 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('tab', { name: 'Test' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run test' }));
    await expect(isWithinWindow(await canvas.findByLabelText('Returned claims'))).toBe(true);
  },
};
