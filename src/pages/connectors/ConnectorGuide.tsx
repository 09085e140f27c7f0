import { useState } from 'react';
import { Box, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConnectorFactoryInfo } from '#schemas/connector.ts';
import { connectorCallbackUri } from '#schemas/connector-callback.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { connectorQueries, useCreateConnector } from '#src/data/connectors.ts';
import { tenantEndpointQuery } from '#src/data/tenant-endpoint.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { ConnectorTestView } from '#src/flows/connector-test/ConnectorTestView.tsx';
import { useConnectorTest } from '#src/flows/connector-test/useConnectorTest.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { UnsavedChangesGuard } from '#src/ui/form/UnsavedChangesGuard.tsx';
import { quotaHandles, useQuotaNotice } from '#src/ui/form/useQuotaNotice.ts';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { ConnectorFormSections } from './ConnectorFormSections.tsx';
import { ConnectorLogo } from './ConnectorLogo.tsx';
import { Markdown } from './Markdown.tsx';
import { connectorFormHandles, useConnectorForm, type ConnectorForm } from './connector-form.ts';
import { connectorTabOf, localized } from './connector-names.ts';
import { proposedConnectorId } from './proposed-id.ts';

/** The guide of one factory (connectors.md §3): its README beside the setup form, full screen; Save and done creates it. */
export function ConnectorGuide({ factoryId, onClose }: { factoryId: string; onClose: () => void }) {
  const { t } = useLingui();
  const factory = useQuery(useTenantQueries(connectorQueries).factory(factoryId));
  return (
    <Dialog opened onClose={onClose} fullScreen title={t`Connector guide`} styles={{ body: { padding: 0 } }}>
      <DetailQueryState query={factory}>
        {(found) => <Guide factory={found} onClose={onClose} />}
      </DetailQueryState>
    </Dialog>
  );
}

function GuideTest({ factory, connectorForm }: { factory: ConnectorFactoryInfo; connectorForm: ConnectorForm }) {
  const type = factory.type === 'Sms' ? 'Sms' : 'Email';
  const [state, send] = useConnectorTest(factory.id, type, { onFailed: connectorForm.showConfigErrors });
  return <ConnectorTestView state={state} send={send} type={type} config={connectorForm.testConfig} />;
}

function Guide({ factory, onClose }: { factory: ConnectorFactoryInfo; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { api, tenantId } = useTenantScope();
  const { planId } = useCurrentTenant();
  const navigate = useNavigate();
  const [id] = useState(proposedConnectorId);
  const endpoint = useQuery(tenantEndpointQuery(api, tenantId)).data;
  const source = { ...factory, config: undefined };
  const connectorForm = useConnectorForm(source);
  const { form } = connectorForm;
  const quota = useQuotaNotice();
  const create = useCreateConnector({ handles: [...connectorFormHandles, ...quotaHandles] });
  const name = localized(factory.name, i18n.locale);
  usePageTitle(name);

  const submit = form.onSubmit(async (values) => {
    quota.clear();
    try {
      const created = await create.mutateAsync(connectorForm.createBody(values, factory.id, factory.type === 'Social' ? id : undefined));
      form.resetDirty();
      notifications.show({ color: 'green', message: t`${name} connector created.` });
      await navigate({ to: '/$tenantId/connectors/$tab/$connectorId', params: { tenantId, tab: connectorTabOf(factory.type), connectorId: created.id }, replace: true, ignoreBlocker: true });
    } catch (error) {
      if (!quota.catch(error)) connectorForm.showError(error);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} h={{ md: 'calc(100dvh - 60px)' }}>
      <ScrollArea.Autosize mah={{ md: 'calc(100dvh - 60px)' } as never} px="lg" py="md" bg="var(--mantine-color-default-hover)">
        <Stack gap="md" component="section" aria-label={t`README`}>
          <Group gap="sm" wrap="nowrap">
            <ConnectorLogo logo={factory.logo} logoDark={factory.logoDark} type={factory.type} />
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
          </Group>
          <Markdown source={factory.readme} headingLevel={3} />
        </Stack>
      </ScrollArea.Autosize>
      <Box component="form" onSubmit={submit} noValidate px="lg" py="md" style={{ overflowY: 'auto' }}>
        <Stack gap="md">
          {quota.exceeded && <QuotaExceededNotice keys={quota.exceeded} planId={planId} hint={<Trans>Upgrade the plan to add more social connectors.</Trans>} />}
          <ConnectorFormSections
            source={source}
            connectorForm={connectorForm}
            numbered
            callbackUri={endpoint && connectorCallbackUri(endpoint, id)}
            test={factory.type !== 'Social' && <GuideTest factory={factory} connectorForm={connectorForm} />}
          />
          <Group justify="flex-end">
            <Text fz="sm" c="dimmed" mr="auto">
              {factory.type !== 'Social' && <Trans>Saving replaces the tenant's current connector of this type.</Trans>}
            </Text>
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={create.isPending}>
              <Trans>Save and done</Trans>
            </Button>
          </Group>
        </Stack>
        <UnsavedChangesGuard when={form.isDirty() && !create.isPending} />
      </Box>
    </SimpleGrid>
  );
}
