import { useState } from 'react';
import { Alert, Group, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConnectorType } from '#schemas/connector.ts';
import { connectorQueries } from '#src/data/connectors.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { ListLoadError } from '#src/ui/table/ListLoadError.tsx';
import { ConnectorLogo } from './ConnectorLogo.tsx';
import { localized } from './connector-names.ts';
import { factoryChoices, type FactoryChoice } from './factory-choices.ts';

export type CreateConnectorModalProps = {
  type: ConnectorType;
  onClose: () => void;
  /** Next: the chosen factory's guide. */
  onNext: (factoryId: string) => void;
};

function ChoiceCards({ choices, label }: { choices: FactoryChoice[]; label?: string }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xs">
      {label && (
        <Title order={3} fz="sm">
          {label}
        </Title>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {choices.map(({ key, factories: [factory] }) =>
          factory ? (
            <Radio.Card key={key} value={key} p="sm" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <ConnectorLogo logo={factory.logo} logoDark={factory.logoDark} type={factory.type} />
                <Stack gap={2} miw={0}>
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {localized(factory.name, i18n.locale)}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {localized(factory.description, i18n.locale)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ) : null,
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** The factory picker (connectors.md §2): radio cards of the factories of one type, then Next to the guide. */
export function CreateConnectorModal({ type, onClose, onNext }: CreateConnectorModalProps) {
  const { t } = useLingui();
  const queries = useTenantQueries(connectorQueries);
  const factories = useQuery(queries.factories());
  const connectors = useQuery(queries.list());
  const [choice, setChoice] = useState<string>();
  const [platform, setPlatform] = useState<string>();
  const title = type === 'Email' ? t`Set up an e-mail connector` : type === 'Sms' ? t`Set up an SMS connector` : t`Add social connector`;

  const loaded = factories.data && connectors.data;
  const { providers, standard } = loaded ? factoryChoices(factories.data, connectors.data, type) : { providers: [], standard: [] };
  const chosen = [...providers, ...standard].find(({ key }) => key === choice);
  const platformFactory = chosen && (chosen.factories.find((factory) => factory.id === platform) ?? (chosen.factories.length === 1 ? chosen.factories[0] : undefined));

  return (
    <Dialog opened onClose={onClose} title={title} centered size="xl">
      <Stack gap="md">
        {factories.isError || connectors.isError ? (
          <ListLoadError onRetry={() => void Promise.all([factories.refetch(), connectors.refetch()])} />
        ) : !loaded ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy="true" aria-label={t`Loading connectors`}>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={72} radius="md" />
            ))}
          </SimpleGrid>
        ) : providers.length + standard.length === 0 ? (
          <Alert variant="light">
            <Trans>Every connector of this kind has been added.</Trans>
          </Alert>
        ) : (
          <Radio.Group
            value={choice ?? null}
            onChange={(value) => {
              setChoice(value);
              setPlatform(undefined);
            }}
            label={t`Connector`}
          >
            <Stack gap="md" mt="xs">
              {providers.length > 0 && <ChoiceCards choices={providers} />}
              {standard.length > 0 && <ChoiceCards choices={standard} label={t`Standard connectors`} />}
            </Stack>
          </Radio.Group>
        )}
        {chosen && chosen.factories.length > 1 && (
          <Radio.Group label={t`Platform`} value={platform ?? null} onChange={setPlatform}>
            <Group gap="md" mt="xs">
              {chosen.factories.map((factory) => (
                <Radio key={factory.id} value={factory.id} label={factory.platform ?? factory.id} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={!platformFactory} onClick={() => platformFactory && onNext(platformFactory.id)}>
            <Trans>Next</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
