import { Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { maxAccessTokenTtl, minAccessTokenTtl, patchResourceGuard, type Resource } from '#schemas/resource.ts';
import { useDetail } from '#src/data/detail.ts';
import { resourceQueries, useSaveResource } from '#src/data/resources.ts';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { resourceFieldMessages } from '../resource-form.ts';
import { durationParts } from './duration.ts';

type GeneralValues = Pick<Resource, 'name' | 'accessTokenTtl' | 'isDefault'>;
const valuesOf = ({ name, accessTokenTtl, isDefault }: Resource): GeneralValues => ({ name, accessTokenTtl, isDefault });

/**
 * Name, access token lifetime and the default API switch. The identifier is shown, never edited. Of the management
 * API only the token lifetime changes, and it cannot be the default.
 */
export function GeneralTab() {
  const { t, i18n } = useLingui();
  const { entity: resource } = useDetail(resourceQueries.detail);
  const messages = resourceFieldMessages();
  const fieldErrors = formErrors({ messages });
  const saveResource = useSaveResource(resource.id, { handles: fieldErrors.handles });
  const form = useForm<GeneralValues>({
    initialValues: valuesOf(resource),
    validate: (values) => schemaValidator<Omit<GeneralValues, 'isDefault'>>(patchResourceGuard, messages)({ name: values.name, accessTokenTtl: values.accessTokenTtl }),
  });
  const ttl = form.getValues().accessTokenTtl;
  const duration = typeof ttl === 'number' ? durationParts(ttl) : undefined;

  const submit = form.onSubmit(async (values) => {
    const patch = {
      ...(values.name !== resource.name && !resource.isBuiltIn ? { name: values.name } : {}),
      ...(values.accessTokenTtl !== resource.accessTokenTtl ? { accessTokenTtl: values.accessTokenTtl } : {}),
    };
    try {
      const saved = await saveResource.mutateAsync({ patch, isDefault: values.isDefault !== resource.isDefault ? values.isDefault : undefined });
      markSaved(form, saved ? valuesOf(saved) : values);
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={saveResource.isPending} onSubmit={submit} onDiscard={form.reset}>
      <Title order={2} fz="h3">
        <Trans>General</Trans>
      </Title>
      <Stack gap="md" maw={640}>
        <TextInput label={t`API name`} required maxLength={256} readOnly={resource.isBuiltIn} {...form.getInputProps('name')} />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="api-identifier-label">
            <Trans>API identifier</Trans>
          </Text>
          <div role="group" aria-labelledby="api-identifier-label">
            <CopyableId label={t`API identifier`} value={resource.indicator} />
          </div>
        </Stack>
        <NumberInput
          label={t`Access token lifetime (seconds)`}
          description={
            duration
              ? t`${new Intl.NumberFormat(i18n.locale).format(ttl)} seconds is ${duration(i18n.locale)}. Changes apply to the next tokens.`
              : t`Changes apply to the next tokens.`
          }
          required
          min={minAccessTokenTtl}
          max={maxAccessTokenTtl}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('accessTokenTtl')}
        />
        {!resource.isBuiltIn && (
          <Group>
            <Switch
              label={t`Default API`}
              description={t`Sign-ins that name no API get an access token for the default API. Only one API is the default; turning this on turns the current one off.`}
              {...form.getInputProps('isDefault', { type: 'checkbox' })}
            />
          </Group>
        )}
      </Stack>
    </DetailsForm>
  );
}
