import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { hookHeaderKeyMaxLength, hookHeaderValueMaxLength, maxHookHeaders } from '#schemas/webhook.ts';
import { Button } from '#src/ui/Button.tsx';
import type { WebhookSettingsValues } from '../webhook-form.ts';

/** Custom headers as name and value rows, added and removed; the rules of webhooks.md §3 show on each row. */
export function HeadersField({ form }: { form: UseFormReturnType<WebhookSettingsValues> }) {
  const { t } = useLingui();
  const rows = form.getValues().headers;
  return (
    <Input.Wrapper
      label={t`Custom headers`}
      description={t`Sent with every request, besides the content type, user agent and signature headers that Gatehouse sets.`}
      error={form.errors.headers}
    >
      <Stack gap="xs" mt={6}>
        {rows.map((_, index) => {
          const number = index + 1;
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                miw={0}
                dir="ltr"
                aria-label={t`Header name ${number}`}
                placeholder={t`Name`}
                maxLength={hookHeaderKeyMaxLength}
                autoComplete="off"
                {...form.getInputProps(`headers.${index}.key`)}
              />
              <TextInput
                style={{ flex: 2 }}
                miw={0}
                dir="ltr"
                aria-label={t`Header value ${number}`}
                placeholder={t`Value`}
                maxLength={hookHeaderValueMaxLength}
                autoComplete="off"
                {...form.getInputProps(`headers.${index}.value`)}
              />
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Remove header ${number}`} onClick={() => form.removeListItem('headers', index)}>
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={rows.length >= maxHookHeaders}
          onClick={() => form.insertListItem('headers', { key: '', value: '' })}
        >
          <Trans>Add header</Trans>
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
