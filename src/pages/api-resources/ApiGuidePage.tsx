import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Resource } from '#schemas/resource.ts';
import { resourceQueries } from '#src/data/resources.ts';
import { tenantEndpointQuery } from '#src/data/tenant-endpoint.ts';
import { GuideSteps } from '#src/ui/GuideSteps.tsx';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import direction from '#src/ui/direction.module.css';
import { apiGuideOf, apiGuides, type ApiGuideValues } from './guides.ts';

/** A guide for one API, its code filled in with the API's identifier, the tenant's issuer and one of its permissions. */
export function ApiGuidePage() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/api-resources/$id_/guide/$guideId' });
  const query = useQuery(resourceQueries.detail(api, tenantId, id));
  return <DetailQueryState query={query}>{(resource) => <Guide tenantId={tenantId} resource={resource} />}</DetailQueryState>;
}

function Guide({ tenantId, resource }: { tenantId: string; resource: Resource }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { guideId } = useParams({ from: '/_console/$tenantId/api-resources/$id_/guide/$guideId' });
  const guide = apiGuideOf(guideId) ?? apiGuides[0];
  const endpoint = useQuery(tenantEndpointQuery(api, tenantId)).data;
  const firstScope = useQuery(resourceQueries.scopes(api, tenantId, resource.id, { page: 1, pageSize: 1 })).data?.items[0]?.name;
  const values: ApiGuideValues = {
    indicator: resource.indicator,
    issuer: endpoint ? `${endpoint.replace(/\/$/, '')}/oidc` : '…',
    scope: firstScope ?? (resource.isBuiltIn ? 'all' : 'read:example'),
  };
  const title = i18n._(guide.title);
  usePageTitle(`${resource.name} · ${title}`);

  return (
    <Stack gap="lg" p="md" maw={880}>
      <Group>
        <LinkButton
          variant="subtle"
          size="compact-sm"
          to="/$tenantId/api-resources/$id/permissions"
          params={{ tenantId, id: resource.id }}
          leftSection={<IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} />}
        >
          <Trans>Back to {resource.name}</Trans>
        </LinkButton>
      </Group>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{i18n._(guide.summary)}</Text>
      </Stack>
      <Group component="nav" aria-label={t`Guides`} gap="xs">
        {apiGuides.map((item) => (
          <LinkButton key={item.id} to="/$tenantId/api-resources/$id/guide/$guideId" params={{ tenantId, id: resource.id, guideId: item.id }} replace {...tabLinkProps}>
            {i18n._(item.title)}
          </LinkButton>
        ))}
      </Group>
      <GuideSteps steps={guide.steps} values={values} />
    </Stack>
  );
}
