import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ConfirmDialogResult } from '#machines/confirm-dialog.machine.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';
import { liveImpactBlocks } from '#machines/sign-in-experience-save.machine.ts';
import { choiceOf, sameJson } from './form.ts';
import { useIdentifierNames } from './messages.ts';

type Block = (typeof liveImpactBlocks)[number];

/** Each block as lines an admin reads: what sign-up asks, the sign-in methods in order, the social targets. */
function useDescribe() {
  const { t } = useLingui();
  const names = useIdentifierNames();
  const yesNo = (value: boolean) => (value ? t`yes` : t`no`);
  return (block: Block, settings: SignInExperienceSettings): string[] => {
    if (block === 'signUp') {
      const { identifiers, password, verify } = settings.signUp;
      const choice = choiceOf(identifiers);
      const identifier = choice === 'none' ? t`none` : choice === 'emailOrPhone' ? t`E-mail address or phone number` : names[choice];
      const [created, verified] = [yesNo(password), yesNo(verify)];
      return [t`Identifier: ${identifier}`, t`Create a password: ${created}`, t`Verify: ${verified}`];
    }
    if (block === 'signIn') {
      return settings.signIn.methods.map(({ identifier, password, verificationCode, isPasswordPrimary }, index) => {
        const factors = [password && t`password`, verificationCode && t`verification code`].filter(Boolean) as string[];
        if (password && verificationCode && !isPasswordPrimary) factors.reverse();
        const position = index + 1;
        const name = names[identifier];
        const list = factors.join(', ') || t`none`;
        return t`${position}. ${name}: ${list}`;
      });
    }
    return settings.socialSignInConnectorTargets.length ? settings.socialSignInConnectorTargets : [t`none`];
  };
}

function Lines({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
        {title}
      </Text>
      <List size="sm" listStyleType="none" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line} dir="auto">
            {line}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Before saving a change to sign-up, sign-in methods or social sign-in: what changes, for users signing in now. */
export function ChangesModal({ before, after, onResult }: { before: SignInExperienceSettings; after: SignInExperienceSettings; onResult: (result: ConfirmDialogResult) => void }) {
  const { t } = useLingui();
  const describe = useDescribe();
  const titles: Record<Block, string> = { signUp: t`Sign up`, signIn: t`Sign in`, socialSignInConnectorTargets: t`Social sign-in` };
  const changed = liveImpactBlocks.filter((block) => !sameJson(before[block], after[block]));
  return (
    <ConfirmDialog title={t`Save changes to how users sign in?`} confirmLabel={t`Save changes`} onResult={onResult}>
      <Stack gap="md">
        <Text fz="sm">{t`This affects users signing in now, as soon as it is saved.`}</Text>
        {changed.map((block) => (
          <Stack key={block} gap="xs">
            <Title order={3} fz="h5">
              {titles[block]}
            </Title>
            <SimpleGrid cols={2} spacing="md">
              <Lines title={t`Before`} lines={describe(block, before)} />
              <Lines title={t`After`} lines={describe(block, after)} />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </ConfirmDialog>
  );
}
