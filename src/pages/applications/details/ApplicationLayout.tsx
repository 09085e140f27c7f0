import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { IconBook } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { applicationQueries, useDeleteApplication } from '#src/data/applications.ts';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { TabNav } from '#src/ui/detail/TabNav.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { ApplicationIcon } from '../application-types.tsx';
import { ApplicationTags } from '../ApplicationTags.tsx';
import { guideForType } from '../guides.ts';
import { applicationTabs } from './tabs.ts';

/** An app's details: the header, the tabs that fit its type, and the current tab. */
export function ApplicationLayout() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/applications/$id' });
  const query = useQuery(applicationQueries.detail(api, tenantId, id));
  return <DetailQueryState query={query}>{(application) => <ApplicationDetails tenantId={tenantId} application={application} />}</DetailQueryState>;
}

function ApplicationDetails({ tenantId, application }: { tenantId: string; application: Application }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const deleteApplication = useDeleteApplication();
  const guide = application.isThirdParty ? undefined : guideForType(application.type);
  usePageTitle(application.name);

  const remove = async () => {
    await deleteApplication.mutateAsync(application.id);
    notifications.show({ color: 'green', message: t`${application.name} deleted` });
    await navigate({
      to: application.isThirdParty ? '/$tenantId/applications/third-party-applications' : '/$tenantId/applications',
      params: { tenantId },
      ignoreBlocker: true,
    });
  };

  return (
    <Stack gap="lg" p="md">
      <DetailHeader
        icon={<ApplicationIcon type={application.type} size="xl" />}
        title={application.name}
        idLabel={t`App ID`}
        id={application.id}
        tags={<ApplicationTags application={application} />}
        actions={
          guide && (
            <LinkButton
              variant="default"
              to="/$tenantId/applications/$id/guide/$guideId"
              params={{ tenantId, id: application.id, guideId: guide.id }}
              leftSection={<IconBook size={16} aria-hidden="true" />}
            >
              <Trans>Check guide</Trans>
            </LinkButton>
          )
        }
        remove={{
          title: t`Delete application`,
          message: t`Deleting ${application.name} ends its sign-ins and tokens, and its credentials stop working. Type its name to confirm.`,
          typedName: { label: t`Application name`, value: application.name },
          onConfirmed: () => void remove().catch(() => {}),
        }}
      />
      <TabNav label={t`Application tabs`} tabs={applicationTabs} subject={application} params={{ tenantId, id: application.id }} />
      <Outlet />
    </Stack>
  );
}
