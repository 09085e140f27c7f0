import { ActionIcon, Alert, Checkbox, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SignInMode } from '#schemas/sign-in-experience.ts';
import { useTenantScope } from '#src/data/tenant-scope.ts';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { choiceOf, identifiersOf, needsConnector, signUpChoices, type SignInExperienceValues, type SignUpChoice } from './form.ts';
import { RadioChoices } from './RadioChoices.tsx';
import { newMethod, SignInMethods } from './SignInMethods.tsx';

type Form = UseFormReturnType<SignInExperienceValues>;

/** The ordered social targets; none can be added until the tenant has social connectors. */
function SocialTargets({ form }: { form: Form }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const targets = form.getValues().socialSignInConnectorTargets;
  if (targets.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        <Trans>
          No social sign-in yet. Set up a social connector under{' '}
          <LinkAnchor to="/$tenantId/connectors/$tab" params={{ tenantId, tab: 'social' }} fz="inherit" underline="always">
            Connectors
          </LinkAnchor>{' '}
          first.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack gap={4} role="group" aria-label={t`Social sign-in`}>
      {targets.map((name, index) => (
        <Group key={name} justify="space-between" wrap="nowrap">
          <Text fz="sm" dir="auto">
            {name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={t`Move ${name} up`} disabled={index === 0} onClick={() => form.reorderListItem('socialSignInConnectorTargets', { from: index, to: index - 1 })}>
              <IconArrowUp size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t`Move ${name} down`}
              disabled={index === targets.length - 1}
              onClick={() => form.reorderListItem('socialSignInConnectorTargets', { from: index, to: index + 1 })}
            >
              <IconArrowDown size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${name}`} onClick={() => form.removeListItem('socialSignInConnectorTargets', index)}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** Sign-up, sign-in methods, social sign-in, single sign-on and who may register (sign-in-experience.md §4). */
export function SignUpSignInTab({ form, errors }: { form: Form; errors: Record<string, string | undefined> }) {
  const { t } = useLingui();
  const { signUp, signIn } = form.getValues();
  const choice = choiceOf(signUp.identifiers);
  const byCode = signUp.identifiers.some(needsConnector);
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
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        <Trans>E-mail and phone verification codes need an e-mail or SMS connector. Until the tenant has one, these choices stay off.</Trans>
      </Alert>
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
          disabled={!byCode || !signUp.verify}
          {...form.getInputProps('signUp.verify', { type: 'checkbox' })}
          error={errors['signUp.verify']}
        />
      </FormSection>
      <FormSection title={t`Sign in`}>
        <SignInMethods form={form} errors={errors} />
      </FormSection>
      <FormSection title={t`Social sign-in`}>
        <SocialTargets form={form} />
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
