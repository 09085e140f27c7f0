import type { ReactNode } from 'react';
import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { ConfigFields } from './config/ConfigFields.tsx';
import type { ConnectorForm, ConnectorSource } from './connector-form.ts';

export type ConnectorFormSectionsProps = {
  source: ConnectorSource;
  connectorForm: ConnectorForm;
  /** Social: where the provider sends users back. */
  callbackUri?: string;
  /** E-mail and SMS: the send-test card's content. */
  test?: ReactNode;
  /** The guide numbers its steps. */
  numbered?: boolean;
};

/** The cards of a connector's form (connectors.md §3, §4.1): general settings and callback (social), parameters, test. */
export function ConnectorFormSections({ source, connectorForm: { form, kept }, callbackUri, test, numbered = false }: ConnectorFormSectionsProps) {
  const { t } = useLingui();
  const social = source.type === 'Social';
  const titles = social ? [t`General settings`, t`Parameters`] : [t`Parameters`, t`Test`];
  const title = (index: number) => (numbered ? `${index + 1}. ${titles[index]}` : (titles[index] ?? ''));
  const config = form.getValues().config;

  return (
    <Stack gap="md">
      {social && (
        <FormSection title={title(0)}>
          {source.isStandard && (
            <>
              <TextInput label={t`Name`} description={t`The sign-in button reads "Continue with" and this name.`} required maxLength={128} {...form.getInputProps('name')} />
              <TextInput label={t`Logo URL`} type="url" maxLength={2048} {...form.getInputProps('logo')} />
              <TextInput label={t`Logo URL for dark mode`} type="url" maxLength={2048} {...form.getInputProps('logoDark')} />
            </>
          )}
          <TextInput
            label={t`Target`}
            description={source.connector ? t`The target cannot change once the connector is created.` : t`The identity provider's name in users' identities: lowercase letters, digits and hyphens.`}
            required={source.isStandard}
            readOnly={Boolean(source.connector) || !source.isStandard}
            maxLength={128}
            {...form.getInputProps('target')}
          />
          <Radio.Group label={t`Sync profile`} description={t`When the user's name and avatar are copied from the identity provider.`} {...form.getInputProps('syncProfile')}>
            <Group gap="md" mt="xs">
              <Radio value="register" label={t`Only at registration`} />
              <Radio value="signIn" label={t`At each sign-in`} />
            </Group>
          </Radio.Group>
        </FormSection>
      )}
      {social && callbackUri && (
        <FormSection title={t`Callback URI`}>
          <Text fz="sm" c="dimmed">
            <Trans>Add this URI to the redirect URIs of the app at the identity provider.</Trans>
          </Text>
          <CopyableId label={t`Callback URI`} value={callbackUri} wrap />
        </FormSection>
      )}
      <FormSection title={title(social ? 1 : 0)}>
        <ConfigFields
          items={source.formItems}
          values={config}
          kept={kept}
          inputProps={(key, type) => form.getInputProps(`config.${key}`, type ? { type } : undefined) as never}
        />
      </FormSection>
      {test && <FormSection title={title(1)}>{test}</FormSection>}
    </Stack>
  );
}
