import { useState } from 'react';
import { Group, List, NumberInput, PasswordInput, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  checkPassword,
  passwordMaxLengthLimit,
  passwordPolicyGuard,
  restrictedWordMaxLength,
  restrictedWordsMax,
  type PasswordPolicy,
  type PasswordRejectionCode,
} from '#schemas/password-policy.ts';
import { useCheckPassword } from '#src/data/sign-in-experience.ts';
import { Button } from '#src/ui/Button.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { usePasswordRejectionMessages } from '#src/ui/password-messages.ts';
import type { SignInExperienceValues } from './form.ts';
import { Switcher } from './Switcher.tsx';

type Form = UseFormReturnType<SignInExperienceValues>;
type BreachCheck = 'checking' | 'breached' | 'clear' | 'failed';

/**
 * A password tried against the draft policy: the failed rules at each key press (the shared checker), and the
 * breached-password lookup, which only the server makes, on demand.
 */
function PasswordTester({ policy }: { policy: PasswordPolicy }) {
  const { t } = useLingui();
  const messages = usePasswordRejectionMessages(policy);
  const checkOnServer = useCheckPassword();
  const [password, setPassword] = useState('');
  const [userInfo, setUserInfo] = useState({ name: '', username: '', email: '' });
  const [breach, setBreach] = useState<BreachCheck>();
  const codes: PasswordRejectionCode[] = password ? checkPassword(password, userInfo, policy) : [];
  const checkBreach = async () => {
    setBreach('checking');
    try {
      const { codes: serverCodes } = await checkOnServer(password, policy, userInfo);
      setBreach(serverCodes.includes('pwned') ? 'breached' : 'clear');
    } catch {
      setBreach('failed');
    }
  };
  const info = (key: keyof typeof userInfo, label: string) => (
    <TextInput size="xs" label={label} value={userInfo[key]} onChange={(event) => setUserInfo({ ...userInfo, [key]: event.currentTarget.value })} dir="auto" />
  );
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t`Password to test`}
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setBreach(undefined);
        }}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {info('name', t`Sample name`)}
        {info('username', t`Sample username`)}
        {info('email', t`Sample e-mail`)}
      </SimpleGrid>
      <div aria-live="polite">
        {password &&
          (codes.length > 0 ? (
            <List size="sm" c="red" aria-label={t`Failed rules`}>
              {codes.map((code) => (
                <List.Item key={code}>{messages[code]}</List.Item>
              ))}
            </List>
          ) : (
            <Text fz="sm" c="green.8">
              <Trans>This password meets the policy.</Trans>
            </Text>
          ))}
      </div>
      {policy.rejects.pwned && (
        <Group gap="sm">
          <Button variant="default" size="xs" disabled={!password} loading={breach === 'checking'} onClick={() => void checkBreach()}>
            <Trans>Check breached passwords</Trans>
          </Button>
          <Text fz="sm" aria-live="polite">
            {breach === 'breached' && messages.pwned}
            {breach === 'clear' && t`Not found among breached passwords.`}
            {breach === 'failed' && t`The check could not be made. Try again.`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** The password policy of spec 02 §5 and its tester (sign-in-experience.md §6). */
export function PasswordPolicyTab({ form }: { form: Form }) {
  const { t } = useLingui();
  const parsed = passwordPolicyGuard.safeParse(form.getValues().passwordPolicy);
  const toggle = (key: 'pwned' | 'repetitionAndSequence' | 'userInfo', label: string, description: string) => (
    <Switch label={label} description={description} {...form.getInputProps(`passwordPolicy.rejects.${key}`, { type: 'checkbox' })} />
  );
  const length = (key: 'min' | 'max', label: string) => (
    <NumberInput label={label} min={1} max={passwordMaxLengthLimit} allowDecimal={false} allowNegative={false} {...form.getInputProps(`passwordPolicy.length.${key}`)} />
  );
  return (
    <>
      <FormSection title={t`Password requirements`}>
        <Group grow align="flex-start">
          {length('min', t`Minimum length`)}
          {length('max', t`Maximum length`)}
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500} aria-hidden="true">
            <Trans>Character types required</Trans>
          </Text>
          <Text fz="xs" c="dimmed">
            <Trans>Of lowercase letters, uppercase letters, digits and symbols.</Trans>
          </Text>
          <Switcher
            label={t`Character types required`}
            data={{ 1: '1', 2: '2', 3: '3', 4: '4' }}
            value={String(form.getValues().passwordPolicy.characterTypes.min) as '1' | '2' | '3' | '4'}
            onChange={(value) => form.setFieldValue('passwordPolicy.characterTypes.min', Number(value))}
          />
        </Stack>
        {toggle('pwned', t`Reject breached passwords`, t`Passwords known from data breaches are refused.`)}
        {toggle('repetitionAndSequence', t`Reject repetitions and sequences`, t`Such as aaa, 123 or qwerty.`)}
        {toggle('userInfo', t`Reject the user's own details`, t`Their name, username, e-mail or phone number.`)}
        <TagsInput
          label={t`Restricted words`}
          description={t`Passwords containing one of these words, in any case, are refused. Press Enter after each word.`}
          maxTags={restrictedWordsMax}
          splitChars={[',', 'Enter']}
          clearable
          dir="auto"
          {...form.getInputProps('passwordPolicy.rejects.words')}
          onChange={(words) => form.setFieldValue('passwordPolicy.rejects.words', words.map((word) => word.slice(0, restrictedWordMaxLength)))}
        />
      </FormSection>
      <FormSection title={t`Test a password`}>
        {parsed.success ? (
          <PasswordTester policy={parsed.data} />
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>Correct the requirements above to test a password against them.</Trans>
          </Text>
        )}
      </FormSection>
    </>
  );
}
