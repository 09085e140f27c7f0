import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { userQueries } from '#src/data/users.ts';
import type { Column } from '../table/DataTable.tsx';

const dash = () => (
  <Text span fz="sm" c="dimmed">
    -
  </Text>
);

/** A date and time in the person's language, or a dash for none (never signed in). */
function DateTime({ value, time = true }: { value: string | null | undefined; time?: boolean }) {
  const { i18n } = useLingui();
  if (!value) return dash();
  return <Text fz="sm">{i18n.date(value, time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' })}</Text>;
}

/** The app a user registered through, by name; its id when the app is gone or cannot be read. */
function ApplicationName({ tenantId, applicationId }: { tenantId: string; applicationId: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const name = useQuery(userQueries.applicationName(api, tenantId, applicationId));
  return (
    <Text fz="sm" ff={name.data ? undefined : 'monospace'} style={{ overflowWrap: 'anywhere' }}>
      {name.data ?? applicationId}
    </Text>
  );
}

/** The columns the users list and a role's users share (users.md §2, roles.md §4). */
export const applicationColumn = <T extends { applicationId?: string | null }>(tenantId: string): Column<T> => ({
  key: 'application',
  title: t`Application`,
  render: (user) => (user.applicationId ? <ApplicationName tenantId={tenantId} applicationId={user.applicationId} /> : dash()),
});

export const latestSignInColumn = <T extends { lastSignInAt?: string | null }>(): Column<T> => ({
  key: 'lastSignInAt',
  title: t`Latest sign-in`,
  render: (user) => <DateTime value={user.lastSignInAt} />,
});

export const createdColumn = <T extends { createdAt: string }>(): Column<T> => ({
  key: 'createdAt',
  title: t`Created`,
  render: (user) => <DateTime value={user.createdAt} time={false} />,
});
