import type { ReactNode } from 'react';
import { Alert, Checkbox, NativeSelect, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SignInMode } from '#schemas/sign-in-experience.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import {
  canSendCode,
  choiceOf,
  codeConnectorsOf,
  identifiersOf,
  needsConnector,
  signUpChoices,
  type CodeConnectors,
  type SignInExperienceValues,
  type SignUpChoice,
} from './form.ts';
import { RadioChoices } from './RadioChoices.tsx';
import { newMethod, SignInMethods } from './SignInMethods.tsx';
import { SocialTargets } from './SocialTargets.tsx';

type Form = UseFormReturnType<SignInExperienceValues>;

function Link({ children }: { children?: ReactNode }) {
  const { tenantId } = useTenantScope();
  return (
    <LinkAnchor to="/$tenantId/connectors/$tab" params={{ tenantId, tab: 'passwordless' }} fz="inherit" c="inherit" fw={600} underline="always">
      {children}
    </LinkAnchor>
  );
}

/** Which code choices stay off for want of a connector, with the link to set one up (connectors.md §7). */
function MissingConnectors({ available }: { available: CodeConnectors }) {
  if (available.email && available.sms) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
      {available.email ? (
        <Trans>The tenant has no SMS connector, so phone verification codes stay off. Set one up under <Link>Connectors</Link>.</Trans>
      ) : available.sms ? (
        <Trans>The tenant has no e-mail connector, so e-mail verification codes stay off. Set one up under <Link>Connectors</Link>.</Trans>
      ) : (
        <Trans>The tenant has no e-mail or SMS connector, so e-mail and phone verification codes stay off. Set one up under <Link>Connectors</Link>.</Trans>
      )}
    </Alert>
  );
}

/** Sign-up, sign-in methods, social sign-in, single sign-on and who may register (sign-in-experience.md §4). */
export function SignUpSignInTab({
  form,
  errors,
  connectors,
}: {
  form: Form;
  errors: Record<string, string | undefined>;
  /** The tenant's connectors; undefined while they load. */
  connectors: readonly ConsoleConnector[] | undefined;
}) {
  const { t } = useLingui();
  const { signUp, signIn } = form.getValues();
  const available = codeConnectorsOf(connectors);
  const choice = choiceOf(signUp.identifiers);
  const byCode = signUp.identifiers.some(needsConnector);
  // Verifying can be turned off any time, on only when every e-mail/phone sign-up identifier can be sent a code.
  const canVerify = byCode && signUp.identifiers.every((identifier) => !needsConnector(identifier) || canSendCode(identifier, available));
  const choiceNames: Record<SignUpChoice, string> = {
    username: t`Username`,
    email: t`E-mail address`,
    phone: t`Phone number`,
    emailOrPhone: t`E-mail address or phone number`,
    none: t`None (social or single sign-on only)`,
  };
  const modes: [SignInMode, string][] = [
    ['SignInAndRegister', t`Sign in and create accounts`],
    ['SignIn', t`Sign in only`],
    ['Register', t`Create accounts only`],
  ];

  /** A sign-up identifier is always a sign-in method; a username sign-up always sets a password. */
  const choose = (next: SignUpChoice) => {
    const identifiers = identifiersOf(next);
    const methods = [...signIn.methods, ...identifiers.filter((id) => !signIn.methods.some((method) => method.identifier === id)).map(newMethod)];
    form.setFieldValue('signUp', {
      ...signUp,
      identifiers,
      password: next === 'username' ? true : signUp.password,
      verify: identifiers.some(needsConnector) ? signUp.verify : false,
    });
    form.setFieldValue('signIn.methods', methods);
  };

  return (
    <>
      {connectors && <MissingConnectors available={available} />}
      <FormSection title={t`Sign up`}>
        <NativeSelect
          label={t`Sign-up identifier`}
          data={signUpChoices.map((value) => ({ value, label: choiceNames[value] }))}
          value={choice}
          onChange={(event) => choose(event.currentTarget.value as SignUpChoice)}
        />
        <Checkbox
          label={t`Create a password at sign-up`}
          disabled={choice === 'username'}
          {...form.getInputProps('signUp.password', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`Verify the e-mail address or phone number at sign-up`}
          disabled={!signUp.verify && !canVerify}
          {...form.getInputProps('signUp.verify', { type: 'checkbox' })}
          error={errors['signUp.verify']}
        />
      </FormSection>
      <FormSection title={t`Sign in`}>
        <SignInMethods form={form} errors={errors} available={available} />
      </FormSection>
      <FormSection title={t`Social sign-in`}>
        <SocialTargets form={form} connectors={connectors ?? []} />
        <Switch
          label={t`Link accounts by verified e-mail automatically`}
          checked={form.getValues().socialSignIn.automaticAccountLinking ?? false}
          onChange={(event) => form.setFieldValue('socialSignIn.automaticAccountLinking', event.currentTarget.checked)}
        />
      </FormSection>
      <FormSection title={t`Enterprise single sign-on`}>
        <Switch
          label={t`Offer single sign-on`}
          description={t`The sign-in page shows a single sign-on button; an e-mail domain leads to its enterprise connector.`}
          {...form.getInputProps('singleSignOnEnabled', { type: 'checkbox' })}
        />
      </FormSection>
      <FormSection title={t`Registration`}>
        <RadioChoices form={form} path="signInMode" label={t`What the sign-in page offers`} choices={modes} />
      </FormSection>
    </>
  );
}
