import { ThemeIcon } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';

/** A webhook's icon. */
export function WebhookIcon({ size = 'md' }: { size?: 'md' | 'xl' }) {
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden="true">
      <IconWebhook size={size === 'xl' ? 24 : 16} />
    </ThemeIcon>
  );
}
