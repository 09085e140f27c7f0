import { Alert, Group, Skeleton, Text } from '@mantine/core';
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

/**
 * What a list outside a table (a picker, a card's rows) shows until its query has data: the error with Retry, or a
 * skeleton of `height`. Undefined once the data is there.
 */
export function loadingOrError(query: { data: unknown; isError: boolean; refetch: () => unknown }, height: number) {
  if (query.isError && !query.data) return <ListLoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton h={height} aria-hidden="true" />;
  return undefined;
}
