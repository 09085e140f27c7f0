import { ActionIcon, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { environmentVariablesMaxCount } from '#schemas/jwt-customizer.ts';
import { Button } from '#src/ui/Button.tsx';
import type { JwtForm } from './jwt-form.ts';

/**
 * The script's environment variables: key and value rows. A saved value is never sent back to the console: its row
 * shows it masked, and keeps it until a new value is typed.
 */
export function EnvironmentVariables({ form }: { form: JwtForm }) {
  const { t } = useLingui();
  const rows = form.getValues().variables;
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        <Trans>The script reads them as environmentVariables.KEY. They are stored encrypted; once saved, their values are never shown again.</Trans>
      </Text>
      {rows.length === 0 && (
        <Text fz="sm">
          <Trans>No variables yet.</Trans>
        </Text>
      )}
      {rows.map((row, index) => {
        const kept = row.savedKey !== undefined && row.key === row.savedKey;
        const name = row.key || String(index + 1);
        return (
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: '1 1 40%' }}
              miw={0}
              label={t`Key`}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps(`variables.${index}.key`)}
            />
            <PasswordInput
              style={{ flex: '1 1 60%' }}
              miw={0}
              label={t`Value`}
              autoComplete="new-password"
              placeholder={kept ? '••••••••' : undefined}
              description={kept && row.value === '' ? t`Saved. Type to replace it.` : undefined}
              visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the value` }}
              {...form.getInputProps(`variables.${index}.value`)}
            />
            <ActionIcon variant="subtle" color="red" size="lg" mt={26} aria-label={t`Remove variable ${name}`} onClick={() => form.removeListItem('variables', index)}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      {typeof form.errors.variables === 'string' && (
        <Text fz="sm" c="var(--mantine-color-error)">
          {form.errors.variables}
        </Text>
      )}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => form.insertListItem('variables', { key: '', value: '' })}
        disabled={rows.length >= environmentVariablesMaxCount}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Add variable</Trans>
      </Button>
    </Stack>
  );
}
