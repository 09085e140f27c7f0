import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconArrowLeft, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantUser } from '#schemas/tenant-user.ts';
import { useDeleteUser, userQueries, useSetSuspended } from '#src/data/users.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailLayout } from '#src/ui/detail/DetailLayout.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { UserAvatar } from '#src/ui/UserAvatar.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { subtitleOf, SuspendedTag, titleOf } from '#src/ui/users/UserSummary.tsx';
import { userTabs } from './tabs.ts';

/** A user's details: the header with suspend and delete, the tabs, and the current tab (users.md §4). */
export function UserLayout() {
  const { t } = useLingui();
  return (
    <DetailLayout detail={userQueries.detail} tabs={userTabs} tabsLabel={t`User tabs`}>
      {(user) => <UserHeader user={user} />}
    </DetailLayout>
  );
}

function UserHeader({ user }: { user: TenantUser }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const deleteUser = useDeleteUser();
  const setSuspended = useSetSuspended(user.id);
  const confirmation = useConfirmDialog();
  const title = titleOf(user);
  usePageTitle(title);

  const remove = async () => {
    try {
      await deleteUser.mutateAsync(user.id);
    } catch {
      // The kit has toasted the failure.
      return;
    }
    notifications.show({ color: 'green', message: t`${title} deleted` });
    // The settings form does not ask about unsaved changes of a user that is gone.
    await navigate({ to: '/$tenantId/users', params: { tenantId }, replace: true, ignoreBlocker: true });
  };

  const suspend = (isSuspended: boolean) =>
    confirmation.ask(
      isSuspended
        ? {
            title: t`Suspend user`,
            confirmLabel: t`Suspend`,
            children: <Text fz="sm">{t`${title} is signed out at once and cannot sign in until reactivated.`}</Text>,
          }
        : { title: t`Reactivate user`, confirmLabel: t`Reactivate`, children: <Text fz="sm">{t`${title} can sign in again.`}</Text> },
      () =>
        void setSuspended.mutateAsync(isSuspended).then(
          () => notifications.show({ color: 'green', message: isSuspended ? t`User suspended` : t`User reactivated` }),
          () => {},
        ),
    );

  return (
    <>
      {confirmation.dialog}
      <LinkAnchor to="/$tenantId/users" params={{ tenantId }} fz="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} /> <Trans>Back to users</Trans>
      </LinkAnchor>
      <DetailHeader
        icon={<UserAvatar user={user} size="xl" radius="xl" />}
        title={title}
        subtitle={subtitleOf(user)}
        idLabel={t`User ID`}
        id={user.id}
        tags={user.isSuspended && <SuspendedTag />}
        menuItems={[
          user.isSuspended
            ? { label: t`Reactivate user`, icon: <IconUserCheck size={16} aria-hidden="true" />, onClick: () => suspend(false) }
            : { label: t`Suspend user`, icon: <IconUserOff size={16} aria-hidden="true" />, onClick: () => suspend(true) },
        ]}
        remove={{
          title: t`Delete user`,
          message: t`This cannot be undone. ${title} is signed out and removed with their roles and organization memberships; their identifiers become free again.`,
          onConfirmed: () => void remove(),
        }}
      />
    </>
  );
}
