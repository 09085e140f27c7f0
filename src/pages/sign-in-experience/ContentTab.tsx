import { Suspense, useState } from 'react';
import { Loader, NativeSelect, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { brandingUrlMaxLength } from '#schemas/application-branding.ts';
import { locales } from '#schemas/locales.ts';
import { supportEmailMaxLength, type AgreeToTermsPolicy } from '#schemas/sign-in-experience.ts';
import { signInExperienceQueries } from '#src/data/sign-in-experience.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { Button } from '#src/ui/Button.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import type { SignInExperienceValues } from './form.ts';
import { languageNameOf } from '#src/i18n/language-names.ts';
import { RadioChoices } from './RadioChoices.tsx';

// The phrase editor loads when it first opens.
const PhraseEditor = lazyComponent(async () => (await import('./PhraseEditor.tsx')).PhraseEditor);

type Form = UseFormReturnType<SignInExperienceValues>;

/** Terms and privacy links, languages, and where users get support (sign-in-experience.md §5). */
export function ContentTab({ form }: { form: Form }) {
  const { t } = useLingui();
  const { termsOfUseUrl, privacyPolicyUrl, languageInfo } = form.getValues();
  const { fallbackLanguage } = languageInfo;
  const [managing, setManaging] = useState(false);
  const custom = useQuery(useTenantQueries(signInExperienceQueries).customPhrases());
  const fallbackChoices = [...new Set<string>([...locales, ...(custom.data?.map((phrase) => phrase.languageTag) ?? []), fallbackLanguage])];
  const url = (path: string, label: string, placeholder: string, description?: string) => (
    <TextInput label={label} description={description} placeholder={placeholder} maxLength={brandingUrlMaxLength} dir="ltr" {...form.getInputProps(path)} />
  );
  const policies: [AgreeToTermsPolicy, string][] = [
    ['Automatic', t`Agreement implied: the page only mentions the terms`],
    ['ManualRegistrationOnly', t`Users tick a box to agree when they create an account`],
    ['Manual', t`Users tick a box to agree when they sign in and when they create an account`],
  ];
  return (
    <>
      <FormSection title={t`Terms`}>
        {url('termsOfUseUrl', t`Terms of use URL`, 'https://example.com/terms')}
        {url('privacyPolicyUrl', t`Privacy policy URL`, 'https://example.com/privacy')}
        {(termsOfUseUrl.trim() || privacyPolicyUrl.trim()) && (
          <RadioChoices form={form} path="agreeToTermsPolicy" label={t`Agreement to the terms`} choices={policies} />
        )}
      </FormSection>
      <FormSection title={t`Languages`}>
        <Switch
          label={t`Detect the user's language`}
          description={t`The sign-in pages use the language the app asks for, then the browser's, then the fallback language.`}
          {...form.getInputProps('languageInfo.autoDetect', { type: 'checkbox' })}
        />
        <NativeSelect
          label={t`Fallback language`}
          description={t`A language of your own can be the fallback once it has custom phrases.`}
          data={fallbackChoices.map((tag) => ({ value: tag, label: `${languageNameOf(tag)} (${tag})` }))}
          {...form.getInputProps('languageInfo.fallbackLanguage')}
        />
        <Button variant="default" onClick={() => setManaging(true)} style={{ alignSelf: 'flex-start' }}>
          <Trans>Manage languages</Trans>
        </Button>
        {managing && (
          <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
            <PhraseEditor fallbackLanguage={fallbackLanguage} onClose={() => setManaging(false)} />
          </Suspense>
        )}
      </FormSection>
      <FormSection title={t`Support`}>
        <TextInput
          label={t`Support e-mail`}
          type="email"
          placeholder="support@example.com"
          maxLength={supportEmailMaxLength}
          dir="ltr"
          {...form.getInputProps('supportEmail')}
        />
        {url('supportWebsiteUrl', t`Support website URL`, 'https://example.com/support', t`Shown with the support e-mail on the sign-in pages' error screens.`)}
        {url(
          'unknownSessionRedirectUrl',
          t`Unknown session redirect URL`,
          'https://example.com',
          t`Where a sign-in page opened without a sign-in in progress sends the user.`,
        )}
      </FormSection>
    </>
  );
}
