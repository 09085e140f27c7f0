import { useState } from 'react';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';
import { connectorQueries, useUpdateConnector } from '#src/data/connectors.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { ConnectorTestView } from '#src/flows/connector-test/ConnectorTestView.tsx';
import { useConnectorTest } from '#src/flows/connector-test/useConnectorTest.ts';
import { LinkButton, tabLinkProps } from '#src/ui/LinkButton.tsx';
import { TabLinks } from '#src/ui/TabLinks.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { ConnectorFormSections } from '../ConnectorFormSections.tsx';
import { CreateConnectorModal } from '../CreateConnectorModal.tsx';
import { connectorFormHandles, useConnectorForm, type ConnectorForm } from '../connector-form.ts';
import { connectorTabOf } from '../connector-names.ts';
import { ConnectorHeader } from './ConnectorHeader.tsx';

/** A connector's details (connectors.md §4): the header, its platforms' tabs, and one form with Save and Discard. */
export function ConnectorDetailsPage({ connectorId }: { connectorId: string }) {
  const query = useQuery(useTenantQueries(connectorQueries).detail(connectorId));
  return (
    <DetailQueryState query={query}>
      {(connector) => <ConnectorDetails connector={connector} />}
    </DetailQueryState>
  );
}

function ConnectorDetails({ connector }: { connector: ConsoleConnector }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  // The form starts again from the server's answer after each save.
  const [saves, setSaves] = useState(0);
  const list = useQuery(useTenantQueries(connectorQueries).list());
  const platforms = (list.data ?? []).filter((each) => each.type === 'Social' && connector.type === 'Social' && each.target === connector.target);
  const tab = connectorTabOf(connector.type);

  return (
    <Stack gap="lg" p="md">
      <ConnectorHeader connector={connector} onChange={() => setChanging(true)} />
      {platforms.length > 1 && (
        <TabLinks label={t`Platforms`}>
          {platforms.map((each) => (
            <LinkButton key={each.id} to="/$tenantId/connectors/$tab/$connectorId" params={{ tenantId, tab, connectorId: each.id }} {...tabLinkProps}>
              {each.platform ?? each.id}
            </LinkButton>
          ))}
        </TabLinks>
      )}
      <ConnectorDetailsForm key={`${connector.id}:${saves}`} connector={connector} onSaved={() => setSaves((count) => count + 1)} />
      {changing && connector.type !== 'Social' && (
        <CreateConnectorModal
          type={connector.type}
          onClose={() => setChanging(false)}
          onNext={(factoryId) => void navigate({ to: '/$tenantId/connectors/$tab/guide/$factoryId', params: { tenantId, tab, factoryId } })}
        />
      )}
    </Stack>
  );
}

function DetailsTest({ connector, connectorForm }: { connector: ConsoleConnector; connectorForm: ConnectorForm }) {
  const type = connector.type === 'Sms' ? 'Sms' : 'Email';
  const [state, send] = useConnectorTest(connector.connectorId, type, { id: connector.id, onFailed: connectorForm.showConfigErrors });
  return <ConnectorTestView state={state} send={send} type={type} config={connectorForm.testConfig} />;
}

function ConnectorDetailsForm({ connector, onSaved }: { connector: ConsoleConnector; onSaved: () => void }) {
  const { t } = useLingui();
  const source = { ...connector, connector };
  const connectorForm = useConnectorForm(source);
  const { form } = connectorForm;
  const update = useUpdateConnector(connector.id, { handles: connectorFormHandles });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(connectorForm.patchBody(values));
      form.resetDirty();
      notifications.show({ color: 'green', message: t`Saved` });
      onSaved();
    } catch (error) {
      connectorForm.showError(error);
    }
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={update.isPending} onSubmit={submit} onDiscard={form.reset}>
      <ConnectorFormSections
        source={source}
        connectorForm={connectorForm}
        callbackUri={connector.callbackUri}
        test={connector.type !== 'Social' && <DetailsTest connector={connector} connectorForm={connectorForm} />}
      />
    </DetailsForm>
  );
}
