import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../Button.tsx';

/** A list that could not be loaded (a table, a picker): what happened and Retry. */
export function ListLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`The list could not be loaded.`}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          <Trans>Check your connection and try again.</Trans>
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
