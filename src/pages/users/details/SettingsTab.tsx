import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { identifierMaxLength } from '#schemas/user.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import { userQueries, useUpdateUser } from '#src/data/users.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { DetailsForm } from '#src/ui/form/DetailsForm.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { markSaved } from '#src/ui/form/mark-saved.ts';
import { formErrors } from '#src/ui/form/show-form-error.ts';
import { hasIdentifier, userFieldCodes, userFieldMessages } from '../user-form.ts';
import { ConnectionsCard } from './ConnectionsCard.tsx';
import { MfaFactors } from './MfaFactors.tsx';
import { PasswordField } from './PasswordField.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { patchOf, settingsFieldMessages, settingsValuesOf, unverifyChanged, validateSettings, type SettingsValues } from './settings-values.ts';

/**
 * A user's settings (users.md §4): identifiers, name, avatar, custom data and profile in one form with a save bar;
 * the password, MFA factors and connections change at once. Saving a user with no identifier and no linked identity
 * asks first, as they would have no way to sign in.
 */
export function SettingsTab() {
  const { t } = useLingui();
  const users = useTenantQueries(userQueries);
  const { entity: user } = useDetail(userQueries.detail);
  const identities = useQuery(users.identities(user.id));
  const messages = settingsFieldMessages(userFieldMessages());
  const fieldErrors = formErrors({ messages, codes: userFieldCodes() });
  const updateUser = useUpdateUser(user.id, { handles: fieldErrors.handles });
  const confirmation = useConfirmDialog();
  const form = useForm<SettingsValues>({
    initialValues: settingsValuesOf(user),
    validate: validateSettings(messages),
    onValuesChange: (values, previous) => unverifyChanged(values, previous, (flag) => form.setFieldValue(flag, false)),
  });

  const save = async (values: SettingsValues) => {
    try {
      markSaved(form, settingsValuesOf(await updateUser.mutateAsync(patchOf(values, (path) => form.isDirty(path), true))));
      notifications.show({ color: 'green', message: t`Saved` });
    } catch (error) {
      fieldErrors.show(form, error);
    }
  };

  const linked = identities.data
    ? identities.data.socialIdentities.length + identities.data.ssoIdentities.length > 0
    : Object.keys(user.identities).length > 0;

  const submit = form.onSubmit((values) => {
    if (hasIdentifier(values) || linked) return void save(values);
    confirmation.ask(
      {
        title: t`Save without an identifier?`,
        confirmLabel: t`Save anyway`,
        children: <Text fz="sm">{t`The user has no e-mail, phone, username or linked account: they will have no way to sign in.`}</Text>,
      },
      () => void save(values),
    );
  });

  return (
    <DetailsForm dirty={form.isDirty()} saving={updateUser.isPending} onSubmit={submit} onDiscard={form.reset}>
      {confirmation.dialog}
      <FormSection title={t`Authentication`}>
        <Stack gap="md">
          <TextInput label={t`E-mail`} type="email" autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('primaryEmail')} />
          <Checkbox
            label={t`E-mail verified`}
            description={t`Apps may trust a verified e-mail, for example to link accounts: check it only when you know the address is the user's.`}
            disabled={!form.values.primaryEmail.trim()}
            {...form.getInputProps('primaryEmailVerified', { type: 'checkbox' })}
          />
          <TextInput label={t`Phone number`} type="tel" autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('primaryPhone')} />
          <Checkbox
            label={t`Phone number verified`}
            disabled={!form.values.primaryPhone.trim()}
            {...form.getInputProps('primaryPhoneVerified', { type: 'checkbox' })}
          />
          <TextInput label={t`Username`} autoComplete="off" maxLength={identifierMaxLength} {...form.getInputProps('username')} />
          <PasswordField user={user} />
          <MfaFactors user={user} />
        </Stack>
      </FormSection>
      <ConnectionsCard user={user} />
      <ProfileCard form={form} />
    </DetailsForm>
  );
}
