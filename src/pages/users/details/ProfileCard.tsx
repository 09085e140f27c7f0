import { Fieldset, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { addressFields, profileFields, profileTextMaxLength } from '#schemas/tenant-user.ts';
import { avatarMaxLength, identifierMaxLength } from '#schemas/user.ts';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import type { AddressField, ProfileField, SettingsValues } from './settings-values.ts';

/**
 * Name, avatar, custom data (a JSON object, as text) and the profile: the standard claims and the address as fields of
 * their own, so that no unknown key can be typed (users.md §4, card Profile).
 */
export function ProfileCard({ form }: { form: UseFormReturnType<SettingsValues> }) {
  const { t } = useLingui();
  const claimLabels: Record<ProfileField, string> = {
    familyName: t`Family name`,
    givenName: t`Given name`,
    middleName: t`Middle name`,
    nickname: t`Nickname`,
    preferredUsername: t`Preferred username`,
    profile: t`Profile page URL`,
    website: t`Website`,
    gender: t`Gender`,
    birthdate: t`Birthdate`,
    zoneinfo: t`Time zone`,
    locale: t`Locale`,
  };
  const addressLabels: Record<AddressField, string> = {
    formatted: t`Full address`,
    streetAddress: t`Street address`,
    locality: t`City or locality`,
    region: t`Region`,
    postalCode: t`Postal code`,
    country: t`Country`,
  };
  const placeholders: Partial<Record<ProfileField, string>> = { birthdate: 'YYYY-MM-DD', zoneinfo: 'Europe/Paris', locale: 'en-US' };

  return (
    <FormSection title={t`Profile`}>
      <TextInput label={t`Name`} maxLength={identifierMaxLength} {...form.getInputProps('name')} />
      <TextInput label={t`Avatar URL`} type="url" dir="ltr" maxLength={avatarMaxLength} placeholder="https://" {...form.getInputProps('avatar')} />
      <Textarea
        label={t`Custom data`}
        description={t`A JSON object: your own data about the user, in userinfo under the custom_data scope.`}
        autosize
        minRows={4}
        maxRows={20}
        spellCheck={false}
        dir="ltr"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('customData')}
      />
      <Fieldset legend={t`Standard claims`} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {profileFields.map((field) => (
            <TextInput
              key={field}
              label={claimLabels[field]}
              placeholder={placeholders[field]}
              maxLength={profileTextMaxLength}
              {...form.getInputProps(`profile.${field}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t`Address`} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {addressFields.map((field) => (
            <TextInput key={field} label={addressLabels[field]} maxLength={profileTextMaxLength} {...form.getInputProps(`profile.address.${field}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
    </FormSection>
  );
}
