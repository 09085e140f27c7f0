import type { ReactNode } from 'react';
import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '#src/api/errors.ts';
import { Button } from '../Button.tsx';
import { NotFound } from '../NotFound.tsx';

export type DetailQuery<T> = { data: T | undefined; error: unknown; refetch: () => unknown };

/**
 * A detail page until its entity is there: a skeleton while loading, "not found" inside the layout for an unknown id,
 * and an error with Retry; then the page. Data once loaded stays on screen through a failed refetch (after a delete,
 * on the way back to the list).
 */
export function DetailQueryState<T>({ query, children }: { query: DetailQuery<T>; children: (data: T) => ReactNode }) {
  const { t } = useLingui();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (query.error) {
    return (
      <Stack p="md">
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`This page could not be loaded.`}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{query.error instanceof Error ? query.error.message : null}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack p="md" gap="md" role="status" aria-busy="true" aria-label={t`Loading`}>
      <Group gap="md">
        <Skeleton circle h={44} w={44} />
        <Stack gap={8}>
          <Skeleton h={24} w={240} />
          <Skeleton h={14} w={320} />
        </Stack>
      </Group>
      <Skeleton h={32} w={280} />
      <Skeleton h={160} />
    </Stack>
  );
}
