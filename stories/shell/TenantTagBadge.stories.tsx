import type { Meta, StoryObj } from '@storybook/react-vite';
import { Group } from '@mantine/core';
import axe from 'axe-core';
import { expect } from 'storybook/test';
import { TenantTagBadge } from '#src/ui/TenantTagBadge.tsx';
import { inTestRun, showIn, storyLooks } from '../../.storybook/story-run.ts';

const meta = {
  title: 'Shell/Tenant tag badge',
  component: TenantTagBadge,
  parameters: { layout: 'padded' },
  args: { tag: 'production' },
  render: () => (
    <Group>
      {(['sm', 'xs'] as const).flatMap((size) => [
        <TenantTagBadge key={`production-${size}`} tag="production" size={size} />,
        <TenantTagBadge key={`development-${size}`} tag="development" size={size} />,
      ])}
    </Group>
  ),
} satisfies Meta<typeof TenantTagBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The looks of a test run in which axe checks contrast (.storybook/story-run.ts). */
const contrastLooks = storyLooks.filter(({ axe }) => axe === 'all');

/**
 * Both tags in the sizes the console shows them (tenant switcher, its menu, settings, invitations). In the looks that
 * check contrast, the light theme in English and the dark theme, axe must read the tags' text: the Production tag's
 * contrast in the dark theme went unchecked while that theme ran only in Arabic, which axe's contrast rule leaves out.
 */
export const Tags: Story = {
  play: async ({ canvasElement }) => {
    for (const look of inTestRun ? contrastLooks : [undefined]) {
      if (look) await showIn(look);
      const { passes, violations } = await axe.run(canvasElement, { runOnly: ['color-contrast'] });
      const checked = [...passes, ...violations].flatMap(({ nodes }) => nodes.filter(({ html }) => html.includes('mantine-Badge-label')));
      await expect(checked).toHaveLength(canvasElement.querySelectorAll('.mantine-Badge-label').length);
    }
    // The checks after the play function start from the language the story played in.
    if (inTestRun) await showIn({ theme: 'light', locale: 'en' });
  },
};
