import { Group, NativeSelect, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import {
  applicationNameMaxLength,
  confidentialApplicationTypes,
  defaultIdTokenSigningAlgorithm,
  defaultRefreshTokenTtlInDays,
  defaultRequirePkce,
  idTokenSigningAlgorithms,
  patchApplicationGuard,
  refreshTokenTtlInDaysRange,
  type Application,
  type IdTokenSigningAlgorithm,
  type PatchApplication,
} from '#schemas/application.ts';
import { useDetail } from '#src/data/detail.ts';
import { applicationQueries, useUpdateApplication } from '#src/data/applications.ts';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { schemaValidator } from '#src/ui/form/form-errors.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { applicationFieldMessages } from '../application-form.ts';
import { EndpointsPanel } from './EndpointsPanel.tsx';
import { SecretsPanel } from './SecretsPanel.tsx';
import { UriListField } from './UriListField.tsx';

/** The form's values, shaped as the PATCH body so that the guard's paths and the server's details name the fields. */
type SettingsValues = {
  name: string;
  description: string;
  oidcClientMetadata: {
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    backchannelLogoutUri: string;
    backchannelLogoutSessionRequired: boolean;
    idTokenSignedResponseAlg: IdTokenSigningAlgorithm;
  };
  customClientMetadata: { corsAllowedOrigins: string[]; refreshTokenTtlInDays: number | string; alwaysIssueRefreshToken: boolean; rotateRefreshToken: boolean; requirePkce: boolean };
};

const valuesOf = ({ name, description, oidcClientMetadata: oidc, customClientMetadata: custom }: Application): SettingsValues => ({
  name,
  description: description ?? '',
  oidcClientMetadata: {
    redirectUris: oidc.redirectUris,
    postLogoutRedirectUris: oidc.postLogoutRedirectUris,
    backchannelLogoutUri: oidc.backchannelLogoutUri ?? '',
    backchannelLogoutSessionRequired: oidc.backchannelLogoutSessionRequired ?? false,
    idTokenSignedResponseAlg: oidc.idTokenSignedResponseAlg ?? defaultIdTokenSigningAlgorithm,
  },
  customClientMetadata: {
    corsAllowedOrigins: custom.corsAllowedOrigins ?? [],
    refreshTokenTtlInDays: custom.refreshTokenTtlInDays ?? defaultRefreshTokenTtlInDays,
    alwaysIssueRefreshToken: custom.alwaysIssueRefreshToken ?? false,
    rotateRefreshToken: custom.rotateRefreshToken ?? true,
    requirePkce: custom.requirePkce ?? defaultRequirePkce,
  },
});

/** The PATCH body: the JSON columns are replaced whole, so what the form does not show is kept as it is. */
const patchOf = (values: SettingsValues, application: Application): PatchApplication => ({
  name: values.name,
  description: values.description.trim() ? values.description : null,
  oidcClientMetadata: { ...application.oidcClientMetadata, ...values.oidcClientMetadata, backchannelLogoutUri: values.oidcClientMetadata.backchannelLogoutUri || null },
  customClientMetadata: { ...application.customClientMetadata, ...(values.customClientMetadata as PatchApplication['customClientMetadata']) },
});

/**
 * The settings of an app (applications.md §6): general, the endpoints and credentials, the ID token's algorithm and
 * PKCE, refresh tokens and backchannel logout. A machine-to-machine app has no redirect URIs, CORS origins, ID tokens,
 * refresh tokens or sign-out. Only a confidential (Traditional) app may sign in without PKCE.
 */
export function SettingsTab() {
  const { t } = useLingui();
  const { tenantId, entity: application } = useDetail(applicationQueries.detail);
  const messages = applicationFieldMessages();
  const fieldErrors = formErrors({ messages });
  const updateApplication = useUpdateApplication(application.id, { handles: fieldErrors.handles });
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(application),
    validate: (values) => schemaValidator(patchApplicationGuard, messages)(patchOf(values, application)),
  });
  const signsUsersIn = application.type !== 'MachineToMachine';
  const uriPlaceholder = application.type === 'Native' ? 'io.example.app://callback' : 'https://app.example.com/callback';

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await updateApplication.mutateAsync(patchOf(values, application));
      markSaved(form, valuesOf(saved));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  });

  return (
    <Stack gap="lg">
      <DetailsForm dirty={form.isDirty()} saving={updateApplication.isPending} onSubmit={submit} onDiscard={form.reset}>
        <FormSection title={t`General`}>
          <TextInput label={t`Application name`} required maxLength={applicationNameMaxLength} {...form.getInputProps('name')} />
          <Textarea label={t`Description`} maxLength={2048} autosize minRows={2} {...form.getInputProps('description')} />
          {signsUsersIn && (
            <>
              <UriListField
                form={form}
                path="oidcClientMetadata.redirectUris"
                label={t`Redirect URIs`}
                description={t`Where the issuer may send users back after they sign in.`}
                placeholder={uriPlaceholder}
              />
              <UriListField
                form={form}
                path="oidcClientMetadata.postLogoutRedirectUris"
                label={t`Post sign-out redirect URIs`}
                description={t`Where the issuer may send users back after they sign out.`}
                placeholder={uriPlaceholder}
              />
              <UriListField
                form={form}
                path="customClientMetadata.corsAllowedOrigins"
                label={t`CORS allowed origins`}
                description={t`Origins whose browsers may call the token and userinfo endpoints, besides those of the redirect URIs.`}
                placeholder="https://app.example.com"
              />
            </>
          )}
        </FormSection>
        {signsUsersIn && (
          <FormSection title={t`Sign-in security`}>
            <NativeSelect
              label={t`ID token signing algorithm`}
              description={t`The issuer signs this app's ID tokens with its key of this algorithm. Both keys are in its JWKS.`}
              data={[...idTokenSigningAlgorithms]}
              {...form.getInputProps('oidcClientMetadata.idTokenSignedResponseAlg')}
            />
            {application.type === 'Traditional' && (
              <Switch
                label={t`Require PKCE`}
                description={t`Sign-ins must send a PKCE code challenge. Off, a code challenge the app sends is still checked.`}
                {...form.getInputProps('customClientMetadata.requirePkce', { type: 'checkbox' })}
              />
            )}
          </FormSection>
        )}
        {signsUsersIn && (
          <FormSection title={t`Refresh token`}>
            {(application.type === 'SPA' || application.type === 'Traditional') && (
              <Switch
                label={t`Always issue a refresh token`}
                description={t`Without it, a refresh token is issued only when the sign-in asks for offline_access.`}
                {...form.getInputProps('customClientMetadata.alwaysIssueRefreshToken', { type: 'checkbox' })}
              />
            )}
            <Switch
              label={t`Rotate refresh tokens`}
              description={t`Each use of a refresh token answers a new one, and the used one stops working.`}
              {...form.getInputProps('customClientMetadata.rotateRefreshToken', { type: 'checkbox' })}
            />
            <NumberInput
              label={t`Refresh token lifetime (days)`}
              required
              min={refreshTokenTtlInDaysRange.min}
              max={refreshTokenTtlInDaysRange.max}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('customClientMetadata.refreshTokenTtlInDays')}
            />
          </FormSection>
        )}
        {signsUsersIn && (
          <FormSection title={t`Backchannel logout`}>
            <TextInput
              label={t`Backchannel logout URI`}
              description={t`When a user signs out, the issuer posts a logout token to this URL.`}
              placeholder="https://app.example.com/backchannel-logout"
              maxLength={2048}
              dir="ltr"
              {...form.getInputProps('oidcClientMetadata.backchannelLogoutUri')}
            />
            <Group>
              <Switch label={t`Session required`} {...form.getInputProps('oidcClientMetadata.backchannelLogoutSessionRequired', { type: 'checkbox' })} />
            </Group>
          </FormSection>
        )}
      </DetailsForm>
      <EndpointsPanel tenantId={tenantId} application={application}>
        {confidentialApplicationTypes.some((type) => type === application.type) && <SecretsPanel applicationId={application.id} />}
      </EndpointsPanel>
    </Stack>
  );
}
