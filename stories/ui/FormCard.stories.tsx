import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from '@mantine/core';
import { expect } from 'storybook/test';
import { Button } from '#src/ui/Button.tsx';
import { FormCard } from '#src/ui/FormCard.tsx';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';

type Args = { title: string };

/** A page that is one short form (src/ui/FormCard.tsx): a card of a form's width, centred in the page. */
const meta: Meta<Args> = {
  title: 'Kits/Form card',
  args: { title: 'Link the e-mail address of your customer self-service account' },
  render: ({ title }) => (
    <FormCard title={title}>
      <TextInput label="E-mail" type="email" defaultValue="maximiliane.fitzgerald-oyelaran@example.com" />
      <Button type="submit">Continue</Button>
    </FormCard>
  ),
};

export default meta;
type Story = StoryObj<Args>;

/** On a wide screen the card keeps a form's width, in the middle. */
export const Wide: Story = {
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', { level: 1, name: meta.args!.title });
    const card = title.closest('.mantine-Paper-root')!;
    await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(480);
    const { left, right } = card.getBoundingClientRect();
    await expect(Math.abs(left - (document.documentElement.clientWidth - right))).toBeLessThanOrEqual(1);
  },
};

/** On a phone the card takes the window's width, and its long title wraps rather than running out. */
export const OnAPhone: Story = {
  globals: atPhoneWidth,
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', { level: 1, name: meta.args!.title });
    await expect(hasReadableWidth(title)).toBe(true);
    await expect(isFullyShown(canvas.getByRole('button', { name: 'Continue' }))).toBe(true);
  },
};
