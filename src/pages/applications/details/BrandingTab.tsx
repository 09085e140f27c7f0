import { ColorInput, Image, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  applicationSignInExperienceGuard,
  brandingUrlMaxLength,
  displayNameMaxLength,
  isHttpUrl,
  type ApplicationSignInExperience,
} from '#schemas/application-branding.ts';
import type { Application } from '#schemas/application.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { applicationQueries, usePutSignInExperience } from '#src/data/applications.ts';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { brandingFieldMessages } from '../application-form.ts';

/** The experience's fields as the inputs hold them ('' for none), and whether the app has one of its own. */
type BrandingValues = {
  enabled: boolean;
  color: { primaryColor: string; darkPrimaryColor: string };
  branding: { logoUrl: string; darkLogoUrl: string };
  displayName: string;
  termsOfUseUrl: string;
  privacyPolicyUrl: string;
};

const none: ApplicationSignInExperience = {
  color: { primaryColor: null, darkPrimaryColor: null },
  branding: { logoUrl: null, darkLogoUrl: null },
  displayName: null,
  termsOfUseUrl: null,
  privacyPolicyUrl: null,
};

const isEmpty = ({ color, branding, displayName, termsOfUseUrl, privacyPolicyUrl }: ApplicationSignInExperience) =>
  [...Object.values(color), ...Object.values(branding), displayName, termsOfUseUrl, privacyPolicyUrl].every((value) => value === null);

/** Off when the app has none, or one that sets nothing; the logo then starts from the app's logo_uri. */
const valuesOf = (experience: ApplicationSignInExperience | null, application: Application): BrandingValues => {
  const enabled = experience !== null && !isEmpty(experience);
  const { color, branding, displayName, termsOfUseUrl, privacyPolicyUrl } = enabled ? experience : none;
  return {
    enabled,
    color: { primaryColor: color.primaryColor ?? '', darkPrimaryColor: color.darkPrimaryColor ?? '' },
    branding: { logoUrl: branding.logoUrl ?? (enabled ? '' : (application.oidcClientMetadata.logoUri ?? '')), darkLogoUrl: branding.darkLogoUrl ?? '' },
    displayName: displayName ?? '',
    termsOfUseUrl: termsOfUseUrl ?? '',
    privacyPolicyUrl: privacyPolicyUrl ?? '',
  };
};

/** What PUT sends: nothing set when off. */
const bodyOf = ({ enabled, color, branding, displayName, termsOfUseUrl, privacyPolicyUrl }: BrandingValues): ApplicationSignInExperience => {
  const set = (value: string) => value.trim() || null;
  return enabled
    ? {
        color: { primaryColor: set(color.primaryColor), darkPrimaryColor: set(color.darkPrimaryColor) },
        branding: { logoUrl: set(branding.logoUrl), darkLogoUrl: set(branding.darkLogoUrl) },
        displayName: set(displayName),
        termsOfUseUrl: set(termsOfUseUrl),
        privacyPolicyUrl: set(privacyPolicyUrl),
      }
    : none;
};

/** The app's own sign-in experience (applications.md §7): over the tenant's when a sign-in comes from this app. */
export function BrandingTab() {
  const applications = useTenantQueries(applicationQueries);
  const { entity: application } = useDetail(applicationQueries.detail);
  const query = useQuery(applications.signInExperience(application.id));
  return <DetailQueryState query={query}>{(experience) => <BrandingForm application={application} experience={experience} />}</DetailQueryState>;
}

function BrandingForm({ application, experience }: { application: Application; experience: ApplicationSignInExperience | null }) {
  const { t } = useLingui();
  const messages = brandingFieldMessages();
  const fieldErrors = formErrors({ messages });
  const save = usePutSignInExperience(application.id, { handles: fieldErrors.handles });
  const form = useForm<BrandingValues>({
    initialValues: valuesOf(experience, application),
    validate: (values) => schemaValidator(applicationSignInExperienceGuard, messages)(bodyOf(values)),
  });
  const { enabled, branding } = form.getValues();

  const submit = form.onSubmit(async (values) => {
    try {
      markSaved(form, valuesOf(await save.mutateAsync(bodyOf(values)), application));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  const url = (path: string, label: string, placeholder: string) => (
    <TextInput label={label} placeholder={placeholder} maxLength={brandingUrlMaxLength} dir="ltr" {...form.getInputProps(path)} />
  );
  const color = (path: string, label: string) => (
    <ColorInput label={label} format="hex" placeholder="#5d34f2" withEyeDropper={false} fixOnBlur={false} dir="ltr" {...form.getInputProps(path)} />
  );

  return (
    <DetailsForm dirty={form.isDirty()} saving={save.isPending} onSubmit={submit} onDiscard={form.reset}>
      <Title order={2} fz="h3">
        <Trans>Branding</Trans>
      </Title>
      <Stack gap="md" maw={640}>
        <Switch
          label={t`App-level sign-in experience`}
          description={t`When a sign-in comes from this app, its colours and logo replace the tenant's, and its name and links are shown.`}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {enabled && (
          <>
            {color('color.primaryColor', t`Brand colour`)}
            {color('color.darkPrimaryColor', t`Dark brand colour`)}
            {url('branding.logoUrl', t`Logo URL`, 'https://app.example.com/logo.svg')}
            {isHttpUrl(branding.logoUrl) ? (
              <Image src={branding.logoUrl} alt={t`Logo preview`} h={64} w="auto" fit="contain" maw={240} />
            ) : (
              <Text fz="sm" c="dimmed">
                <Trans>No logo yet.</Trans>
              </Text>
            )}
            {url('branding.darkLogoUrl', t`Dark logo URL`, 'https://app.example.com/logo-dark.svg')}
            <TextInput label={t`Display name`} maxLength={displayNameMaxLength} {...form.getInputProps('displayName')} />
            {url('termsOfUseUrl', t`Terms of use URL`, 'https://app.example.com/terms')}
            {url('privacyPolicyUrl', t`Privacy policy URL`, 'https://app.example.com/privacy')}
          </>
        )}
      </Stack>
    </DetailsForm>
  );
}
