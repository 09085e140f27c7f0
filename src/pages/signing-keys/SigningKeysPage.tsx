import { useState } from 'react';
import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OidcKeyType, PrivateKey } from '#schemas/signing-keys.ts';
import { useFeature } from '#src/edition.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { signingKeyQueries, useDeleteKey } from '#src/data/signing-keys.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';
import { DataTable } from '#src/ui/table/DataTable.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { pageNames } from '#src/ui/page-names.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { useKeyColumns } from './key-columns.tsx';
import { RotateKeys } from './RotateKeys.tsx';

const noPaging = { page: 1, onPageChange: () => {} };

/** Milliseconds until the Next key is effective (and a moment for the server to promote it), or false without one. */
const untilNextIsEffective = ({ state }: { state: { data?: PrivateKey[] } }) => {
  const effectiveAt = state.data?.find((key) => key.status === 'Next')?.effectiveAt;
  return effectiveAt ? Math.max(1000, Date.parse(effectiveAt) - Date.now() + 500) : false;
};

/**
 * The tenant issuer's keys (signing-keys.md §1): private keys or cookie keys (`?type=cookie-keys`), rotate and delete.
 * Collaborators see them read-only: rotation and deletion need the tenant admin's access (the server says the same).
 */
export function SigningKeysPage({ type }: { type: OidcKeyType }) {
  const { t, i18n } = useLingui();
  const title = i18n._(pageNames.signingKeys);
  usePageTitle(title);
  const navigate = useNavigate();
  const queries = useTenantQueries(signingKeyQueries);
  // A Next key becomes Current at its time: the list is read again then, so its tags change without a reload.
  const privateKeys = useQuery({ ...queries.privateKeys(), enabled: type === 'private-keys', refetchInterval: untilNextIsEffective });
  const cookieKeys = useQuery({ ...queries.cookieKeys(), enabled: type === 'cookie-keys' });
  const { canManageTenant } = useTenantAccess();
  const canWrite = !useFeature('tenantScopeChecks') || canManageTenant;
  const deleteKey = useDeleteKey(type);
  const [deleting, setDeleting] = useState<string>();
  const { privateColumns, cookieColumns } = useKeyColumns();
  const options = { canDelete: canWrite, onDelete: setDeleting };
  const isPrivate = type === 'private-keys';

  const table = isPrivate ? (
    <DataTable
      label={t`Private keys`}
      columns={privateColumns(options)}
      list={{ ...privateKeys, data: privateKeys.data && { items: privateKeys.data, total: privateKeys.data.length } }}
      rowKey={(key) => key.id}
      empty={null}
      pageSize={Math.max(1, privateKeys.data?.length ?? 1)}
      {...noPaging}
    />
  ) : (
    <DataTable
      label={t`Cookie keys`}
      columns={cookieColumns(options, cookieKeys.data?.[0]?.id)}
      list={{ ...cookieKeys, data: cookieKeys.data && { items: cookieKeys.data, total: cookieKeys.data.length } }}
      rowKey={(key) => key.id}
      empty={null}
      pageSize={Math.max(1, cookieKeys.data?.length ?? 1)}
      {...noPaging}
    />
  );

  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={<Trans>The keys of this tenant&apos;s issuer: private keys sign ID tokens and access tokens, cookie keys sign sign-in sessions.</Trans>}
        action={null}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <SegmentedControl
            aria-label={t`Key type`}
            value={type}
            onChange={(value) => void navigate({ to: '.', search: value === 'cookie-keys' ? { type: 'cookie-keys' } : {}, replace: true })}
            data={[
              { value: 'private-keys', label: t`Private keys` },
              { value: 'cookie-keys', label: t`Cookie keys` },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {table}
          <RotateKeys key={type} type={type} canRotate={canWrite} />
        </Stack>
      </Card>
      {deleting && (
        <ConfirmDialog
          title={isPrivate ? t`Delete private key` : t`Delete cookie key`}
          confirmLabel={t`Delete`}
          onResult={(result) => {
            setDeleting(undefined);
            if (result === 'confirmed') {
              deleteKey.mutate(deleting, { onSuccess: () => notifications.show({ color: 'green', message: t`Key deleted` }) });
            }
          }}
        >
          <Text fz="sm">
            {isPrivate ? (
              <Trans>
                Tokens this key signed that have not expired will fail at every resource server that refreshes the JWKS. Delete it once its tokens have expired,
                or at once to revoke a leaked key.
              </Trans>
            ) : (
              <Trans>Users whose sign-in sessions this key signed will have to sign in again; applications keep their tokens.</Trans>
            )}
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
