import { ActionIcon, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { signInIdentifiers, type SignInIdentifier, type SignInMethod } from '#schemas/sign-in-experience.ts';
import { Button } from '#src/ui/Button.tsx';
import { canSendCode, type CodeConnectors, type SignInExperienceValues } from './form.ts';
import { useIdentifierNames } from './messages.ts';
import { Switcher } from './Switcher.tsx';

type Form = UseFormReturnType<SignInExperienceValues>;

export const newMethod = (identifier: SignInIdentifier): SignInMethod => ({ identifier, password: true, verificationCode: false, isPasswordPrimary: true });

/**
 * The sign-in methods in the order the page offers them (sign-in-experience.md §4): each with a password, a
 * verification code or both, and which comes first. A sign-up identifier is always offered, so its row stays.
 */
export function SignInMethods({ form, errors, available }: { form: Form; errors: Record<string, string | undefined>; available: CodeConnectors }) {
  const { t } = useLingui();
  const names = useIdentifierNames();
  const { signIn, signUp } = form.getValues();
  const { methods } = signIn;
  const missing = signInIdentifiers.filter((identifier) => !methods.some((method) => method.identifier === identifier));
  const move = (from: number, to: number) => form.reorderListItem('signIn.methods', { from, to });
  return (
    <Stack gap="xs" role="group" aria-labelledby="sign-in-methods-label">
      <Text fz="sm" fw={500} id="sign-in-methods-label">
        <Trans>Sign-in methods, in the order the page offers them</Trans>
      </Text>
      {methods.map((method, index) => {
        const name = names[method.identifier];
        const path = `signIn.methods.${index}`;
        const locked = signUp.identifiers.includes(method.identifier);
        // A code needs the matching connector: without it the code can be turned off but not on.
        const codeOff = !method.verificationCode && !canSendCode(method.identifier, available);
        return (
          <Paper key={method.identifier} withBorder p="sm" radius="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500} fz="sm">
                  {name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Move ${name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <IconArrowUp size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Move ${name} down`} disabled={index === methods.length - 1} onClick={() => move(index, index + 1)}>
                    <IconArrowDown size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Remove ${name}`}
                    title={locked ? t`A sign-up identifier is always a sign-in method.` : undefined}
                    disabled={locked}
                    onClick={() => form.removeListItem('signIn.methods', index)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
              <Group gap="md">
                <Checkbox label={t`Password`} {...form.getInputProps(`${path}.password`, { type: 'checkbox' })} error={undefined} />
                <Checkbox label={t`Verification code`} disabled={codeOff} {...form.getInputProps(`${path}.verificationCode`, { type: 'checkbox' })} error={undefined} />
                {method.password && method.verificationCode && (
                  <Switcher
                    label={t`First for ${name}`}
                    data={{ password: t`Password first`, code: t`Code first` }}
                    value={method.isPasswordPrimary ? 'password' : 'code'}
                    onChange={(value) => form.setFieldValue(`${path}.isPasswordPrimary`, value === 'password')}
                  />
                )}
              </Group>
              {errors[path] && (
                <Text fz="xs" c="red" role="alert">
                  {errors[path]}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {errors['signIn.methods'] && (
        <Text fz="xs" c="red" role="alert">
          {errors['signIn.methods']}
        </Text>
      )}
      {missing.length > 0 && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} w="fit-content">
              <Trans>Add another</Trans>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {missing.map((identifier) => (
              <Menu.Item key={identifier} onClick={() => form.insertListItem('signIn.methods', newMethod(identifier))}>
                {names[identifier]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
