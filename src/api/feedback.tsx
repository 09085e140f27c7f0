import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ErrorFeedback } from './errors.ts';

/** An error toast's text: the message, and the details only behind a "More details" disclosure. */
export function ErrorToastBody({ message, details }: { message: string; details?: string }) {
  if (!details) return message;
  return (
    <Stack gap={4}>
      <Text fz="sm">{message}</Text>
      <Text component="details" fz="xs">
        <summary>
          <Trans>More details</Trans>
        </summary>
        <Code block mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {details}
        </Code>
      </Text>
    </Stack>
  );
}

/** Error feedback through Mantine: a red toast, and a 'Got it' alert. */
export const mantineFeedback: ErrorFeedback = {
  toastError: (message, details) => notifications.show({ color: 'red', message: <ErrorToastBody message={message} details={details} /> }),
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
