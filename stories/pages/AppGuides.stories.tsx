import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { sampleApplication } from '#tests/support/application-samples.ts';
import { applicationsMeta as applications, type Args } from './applications-console.ts';

/** An app's guide, for a new app that has no redirect URI yet. */
const fresh = sampleApplication('fresh1', { name: 'Shop', type: 'SPA' });

const meta: Meta<Args> = { ...applications, title: 'Pages/App guides', args: { ...applications.args, applications: [fresh], path: '/acme/applications/fresh1/guide/spa-react' } };

export default meta;
type Story = StoryObj<typeof meta>;

/** The sample's redirect URIs are added in one click; the notice then goes, as the app has them. One framework: no tabs. */
export const ReactAddsTheSampleUris: Story = {
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('region', { name: 'This app has no redirect URI yet' });
    await expect(canvas.queryByRole('navigation', { name: 'Guides' })).toBeNull();
    await expect(canvas.getByText(/signIn\('http:\/\/localhost:3000\/callback'\)/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Add the sample's URIs" }));
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    await expect(canvas.getByText(/signIn\('http:\/\/localhost:3000\/callback'\)/)).toBeVisible();
  },
};

/** A traditional web app has two frameworks to choose from: their tabs show. */
export const TraditionalHasTabs: Story = {
  args: { applications: [sampleApplication('web9', { name: 'Back office', type: 'Traditional' })], path: '/acme/applications/web9/guide/express' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Guides' })).toBeVisible();
  },
};
