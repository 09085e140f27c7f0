import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { tenantEndpointQuery } from '#src/data/tenant-endpoint.ts';
import { GuideSteps } from '#src/ui/GuideSteps.tsx';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import direction from '#src/ui/direction.module.css';
import { appGuideOf, appGuides, type AppGuide, type AppGuideValues } from './guides.ts';
import { sampleUris, SampleUrisNotice } from './SampleUrisNotice.tsx';

const route = '/_console/$tenantId/applications/$id_/guide/$guideId';

/** A guide for one app, its code filled in with the tenant's endpoint, the app's id and its first redirect URIs. */
export function AppGuidePage() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: route });
  const query = useQuery(applicationQueries.detail(api, tenantId, id));
  return <DetailQueryState query={query}>{(application) => <Guide tenantId={tenantId} application={application} />}</DetailQueryState>;
}

function Guide({ tenantId, application }: { tenantId: string; application: Application }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { guideId } = useParams({ from: route });
  const guide: AppGuide = appGuideOf(guideId) ?? appGuides[0];
  const endpoint = useQuery(tenantEndpointQuery(api, tenantId)).data?.replace(/\/$/, '') ?? '…';
  const { redirectUris, postLogoutRedirectUris } = application.oidcClientMetadata;
  const values: AppGuideValues = {
    endpoint,
    issuer: `${endpoint}/oidc`,
    appId: application.id,
    redirectUri: redirectUris[0] ?? sampleUris.redirectUri,
    postLogoutRedirectUri: postLogoutRedirectUris[0] ?? sampleUris.postLogoutRedirectUri,
  };
  const guidesOfType = appGuides.filter((item) => item.type === application.type);
  usePageTitle(`${application.name} · ${guide.title}`);
  const settings = { to: '/$tenantId/applications/$id/settings', params: { tenantId, id: application.id } } as const;

  return (
    <Stack gap="lg" p="md" maw={880}>
      <Group>
        <LinkButton variant="subtle" size="compact-sm" {...settings} leftSection={<IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} />}>
          <Trans>Back to {application.name}</Trans>
        </LinkButton>
      </Group>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {guide.title}
        </Title>
        <Text c="dimmed">{i18n._(guide.summary)}</Text>
      </Stack>
      {/* No lone tab: a choice of guides shows only when there are several for this type of app. */}
      {guidesOfType.length > 1 && (
        <Group component="nav" aria-label={t`Guides`} gap="xs">
          {guidesOfType.map((item) => (
            <LinkButton key={item.id} to="/$tenantId/applications/$id/guide/$guideId" params={{ tenantId, id: application.id, guideId: item.id }} replace {...tabLinkProps}>
              {item.title}
            </LinkButton>
          ))}
        </Group>
      )}
      <SampleUrisNotice application={application} />
      <GuideSteps steps={guide.steps} values={values} />
      <Group>
        <LinkButton {...settings}>
          <Trans>Finish and go to the settings</Trans>
        </LinkButton>
      </Group>
    </Stack>
  );
}
