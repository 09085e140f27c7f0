import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { IconBook } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { applicationQueries, useDeleteApplication } from '#src/data/applications.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { DetailHeader } from '#src/ui/detail/DetailHeader.tsx';
import { DetailLayout } from '#src/ui/detail/DetailLayout.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { ApplicationIcon } from '../application-types.tsx';
import { ApplicationTags } from '../ApplicationTags.tsx';
import { guideForType } from '../guides.ts';
import { applicationTabs } from './tabs.ts';

/** An app's details: the header, the tabs that fit its type, and the current tab. */
export function ApplicationLayout() {
  const { t } = useLingui();
  return (
    <DetailLayout detail={applicationQueries.detail} tabs={applicationTabs} tabsLabel={t`Application tabs`}>
      {(application) => <ApplicationHeader application={application} />}
    </DetailLayout>
  );
}

function ApplicationHeader({ application }: { application: Application }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
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
    <>
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
    </>
  );
}
