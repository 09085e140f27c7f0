import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { codeOf, field, messageOf } from '#machines/errors.ts';

/** A request a flow made and the server refused, or that reached no server: the error code and the server's words. */
export function RefusalAlert({ title, error }: { title: string; error: unknown }) {
  const { t } = useLingui();
  const code = codeOf(error);
  const message = field(field(error, 'body'), 'message');
  const reason = messageOf(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={title} role="alert">
      <Stack gap={4}>
        {code && (
          <Text fz="sm" ff="monospace" dir="ltr">
            {code}
          </Text>
        )}
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {typeof message === 'string' ? message : t`The server could not be reached: ${reason}`}
        </Text>
      </Stack>
    </Alert>
  );
}
