import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import type { ErrorFeedback } from './errors.ts';

/** Error feedback through Mantine: a red toast, and a 'Got it' alert. */
export const mantineFeedback: ErrorFeedback = {
  toastError: (message, details) =>
    notifications.show({
      color: 'red',
      message: details ? (
        <Stack gap={4}>
          <Text fz="sm">{message}</Text>
          <Code block>{details}</Code>
        </Stack>
      ) : (
        message
      ),
    }),
  alert: (message) =>
    new Promise<void>((resolve) => {
      const id = modals.open({
        withCloseButton: false,
        onClose: resolve,
        children: (
          <Stack>
            <Text role="alert">{message}</Text>
            <Group justify="flex-end">
              <Button onClick={() => modals.close(id)}>{t`Got it`}</Button>
            </Group>
          </Stack>
        ),
      });
    }),
};
