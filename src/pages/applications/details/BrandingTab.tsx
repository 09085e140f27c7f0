import { Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { patchApplicationGuard, type Application } from '../../../../schemas/application.ts';
import { useUpdateApplication } from '../../../data/applications.ts';
import { DetailsForm } from '../../../ui/form/DetailsForm.tsx';
import { schemaValidator } from '../../../ui/form/form-errors.ts';
import { showFormError } from '../../../ui/form/show-form-error.ts';
import { markSaved } from '../../../ui/form/mark-saved.ts';
import { applicationFieldMessages } from '../application-form.ts';
import { useApplication } from './useApplication.ts';

type BrandingValues = { oidcClientMetadata: { logoUri: string } };
const valuesOf = (application: Application): BrandingValues => ({ oidcClientMetadata: { logoUri: application.oidcClientMetadata.logoUri ?? '' } });
const patchOf = ({ oidcClientMetadata: { logoUri } }: BrandingValues, application: Application) => ({
  oidcClientMetadata: { ...application.oidcClientMetadata, logoUri: logoUri || null },
});

/** The app's own logo (its logo_uri client metadata), with a preview. */
export function BrandingTab() {
  const { t } = useLingui();
  const { tenantId, application } = useApplication();
  const updateApplication = useUpdateApplication(tenantId, application.id);
  const messages = applicationFieldMessages();
  const form = useForm<BrandingValues>({
    initialValues: valuesOf(application),
    validate: (values) => schemaValidator(patchApplicationGuard, messages)(patchOf(values, application)),
  });
  const logoUri = form.getValues().oidcClientMetadata.logoUri;

  const submit = form.onSubmit(async (values) => {
    try {
      markSaved(form, valuesOf(await updateApplication.mutateAsync(patchOf(values, application))));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      showFormError(form, error, { messages, fallback: t`The changes could not be saved.` });
    }
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={updateApplication.isPending} onSubmit={submit} onDiscard={form.reset}>
      <Title order={2} fz="h3">
        <Trans>Branding</Trans>
      </Title>
      <Stack gap="md" maw={640}>
        <TextInput
          label={t`Logo URL`}
          description={t`An image of your app's logo, published with the app as its logo_uri.`}
          placeholder="https://app.example.com/logo.svg"
          maxLength={2048}
          dir="ltr"
          {...form.getInputProps('oidcClientMetadata.logoUri')}
        />
        {/^https?:\/\//.test(logoUri) && URL.canParse(logoUri) ? (
          <Image src={logoUri} alt={t`Logo preview`} h={64} w="auto" fit="contain" maw={240} />
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>No logo yet.</Trans>
          </Text>
        )}
      </Stack>
    </DetailsForm>
  );
}
