import { Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { Button } from '#src/ui/Button.tsx';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { TabLinks } from '#src/ui/TabLinks.tsx';
import { InviteMembersModal } from './InviteMembersModal.tsx';

/** The members tab: the member list and, for members who can invite, the invitations and the invite modal. */
export function MembersLayout() {
  const { t } = useLingui();
  const tenant = useCurrentTenant();
  const { canInviteMember } = useTenantAccess();
  const [inviteOpened, invite] = useDisclosure(false);
  const params = { tenantId: tenant.id };
  return (
    <>
      <Group justify="space-between">
        <Title order={2} fz="h3">
          <Trans>Members</Trans>
        </Title>
        {canInviteMember && (
          <Button onClick={invite.open}>
            <Trans>Invite members</Trans>
          </Button>
        )}
      </Group>
      {canInviteMember && (
        <TabLinks label={t`Members and invitations`}>
          <LinkButton to="/$tenantId/tenant-settings/members" params={params} activeOptions={{ exact: true }} {...tabLinkProps}>
            <Trans>Member list</Trans>
          </LinkButton>
          <LinkButton to="/$tenantId/tenant-settings/members/invitations" params={params} {...tabLinkProps}>
            <Trans>Invitations</Trans>
          </LinkButton>
        </TabLinks>
      )}
      <Outlet />
      {canInviteMember && <InviteMembersModal tenantId={tenant.id} opened={inviteOpened} onClose={invite.close} />}
    </>
  );
}
