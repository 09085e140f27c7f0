import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { notifications } from '@mantine/notifications';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { usernamePattern } from '#schemas/user.ts';
import { mantineFeedback } from '#src/api/feedback.tsx';
import { EditFieldModal } from '#src/pages/profile/EditFieldModal.tsx';

/** The self-hosted profile's username dialog with the shared rule (spec 02 §5), and the error toast a failed save shows. */
const meta: Meta = { title: 'Pages/Profile edits' };
export default meta;
type Story = StoryObj;

const rule = 'A username starts with a letter or an underscore and has only letters, digits and underscores.';

export const InvalidUsername: Story = {
  render: () => (
    <EditFieldModal
      label="Username"
      title="Edit username"
      initialValue="ada"
      maxLength={128}
      validate={(value) => (usernamePattern.test(value) ? undefined : rule)}
      onSave={fn(async () => undefined)}
      onClose={fn()}
    />
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit username' });
    const input = within(dialog).getByRole('textbox', { name: 'Username' });
    await userEvent.clear(input);
    await userEvent.type(input, '1ada{Enter}');
    await expect(await within(dialog).findByText(rule)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A toast of a refused request: its message, and the server's details behind "More details", opened here. */
function FailedSave() {
  useEffect(() => {
    mantineFeedback.toastError('The request body is invalid. username: ' + rule, `username: ${rule}`);
    return () => notifications.clean();
  }, []);
  return null;
}

export const ErrorToastWithDetails: Story = {
  render: () => <FailedSave />,
  play: async () => {
    const toast = await screen.findByRole('alert');
    const more = within(toast).getByText('More details');
    await expect(within(toast).getByText(`username: ${rule}`)).not.toBeVisible();
    await expect(toast.textContent).not.toMatch(/[[{]/);
    await userEvent.click(more);
    await waitFor(() => expect(within(toast).getByText(`username: ${rule}`)).toBeVisible());
  },
};
