import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { rotatedKeys, sampleCookieKey } from '#tests/support/signing-key-samples.ts';
import { isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import signingKeys, { type Args } from './SigningKeys.stories.tsx';

/** Keys with long ids, at phone width: the table and the rotate section fit. */
const longId = 'k_0123456789abcdefghijklmnopqrstuvwxyz_0123456789abcdefghij';

const meta: Meta<Args> = {
  ...signingKeys,
  title: 'Pages/Signing keys on a phone',
  globals: atPhoneWidth,
  args: {
    ...signingKeys.args,
    privateKeys: rotatedKeys().map((key, index) => ({ ...key, id: `${longId}${index}` })),
    cookieKeys: [sampleCookieKey(`${longId}c`), sampleCookieKey(`${longId}p`)],
  },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const PrivateKeys: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Private keys' });
    const copies = within(table).getAllByRole('button', { name: 'Copy key ID' });
    await expect(copies).toHaveLength(4);
    for (const copy of copies) await expect(isFullyShown(copy)).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Rotate private keys' }))).toBe(true);
  },
};

export const CookieKeys: Story = {
  args: { path: '/acme/signing-keys?type=cookie-keys' },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Cookie keys' });
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Rotate cookie keys' }))).toBe(true);
  },
};
