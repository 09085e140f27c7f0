import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconBook } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Resource } from '#schemas/resource.ts';
import { resourceQueries, useDeleteResource } from '#src/data/resources.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailLayout } from '#src/ui/detail/DetailLayout.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { ResourceIcon } from '../ResourceIcon.tsx';
import { ResourceTags } from '../ResourceTags.tsx';
import { apiResourceTabs } from './tabs.ts';

/** An API resource's details: the header, the tabs, and the current tab. */
export function ApiResourceLayout() {
  const { t } = useLingui();
  return (
    <DetailLayout detail={resourceQueries.detail} tabs={apiResourceTabs} tabsLabel={t`API resource tabs`}>
      {(resource) => <ResourceHeader resource={resource} />}
    </DetailLayout>
  );
}

function ResourceHeader({ resource }: { resource: Resource }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const deleteResource = useDeleteResource();
  usePageTitle(resource.name);

  const remove = async () => {
    await deleteResource.mutateAsync(resource.id);
    notifications.show({ color: 'green', message: t`${resource.name} deleted` });
    await navigate({ to: '/$tenantId/api-resources', params: { tenantId }, ignoreBlocker: true });
  };

  return (
    <>
      <DetailHeader
        icon={<ResourceIcon resource={resource} size="xl" />}
        title={resource.name}
        idLabel={t`API identifier`}
        id={resource.indicator}
        tags={<ResourceTags resource={resource} />}
        actions={
          <LinkButton
            variant="default"
            to="/$tenantId/api-resources/$id/guide/$guideId"
            params={{ tenantId, id: resource.id, guideId: 'node' }}
            leftSection={<IconBook size={16} aria-hidden="true" />}
          >
            <Trans>Check guide</Trans>
          </LinkButton>
        }
        remove={
          resource.isBuiltIn
            ? undefined
            : {
                title: t`Delete API resource`,
                message: t`Deleting ${resource.name} also deletes its permissions and removes them from every role. Tokens for it can no longer be issued. Type its name to confirm.`,
                typedName: { label: t`API name`, value: resource.name },
                onConfirmed: () => void remove().catch(() => {}),
              }
        }
      />
      {resource.isBuiltIn && (
        <Text fz="sm" c="dimmed">
          <Trans>
            This is the tenant's built-in management API. Its name and permission cannot change and it cannot be deleted; a
            machine-to-machine app whose role holds its permission "all" can manage this tenant.
          </Trans>
        </Text>
      )}
    </>
  );
}
