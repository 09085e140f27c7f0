import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

export type PickedItem = { id: string; name: string; detail?: ReactNode };

export type PickerPanesProps = {
  /** What is picked ("Permissions", "Applications"): the panes' accessible names. */
  label: string;
  /** The left pane: a search box and what there is to pick. */
  children: ReactNode;
  picked: PickedItem[];
  onUnpick: (id: string) => void;
};

export const pickerPaneHeight = 280;

/** A two-pane picker: what there is to pick on the left, what is picked on the right, each removable. */
export function PickerPanes({ label, children, picked, onUnpick }: PickerPanesProps) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper withBorder p="sm" role="group" aria-label={t`Available: ${label}`}>
        <Stack gap="xs">{children}</Stack>
      </Paper>
      <Paper withBorder p="sm" role="group" aria-label={t`Selected: ${label}`}>
        <Stack gap="xs">
          <Text fz="sm" fw={500}>
            {t`Selected: ${picked.length}`}
          </Text>
          <ScrollArea.Autosize mah={pickerPaneHeight}>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {picked.map((item) => (
                <Group key={item.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} miw={0}>
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                    {item.detail && (
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {item.detail}
                      </Text>
                    )}
                  </Stack>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t`Remove ${item.name}`} onClick={() => onUnpick(item.id)}>
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
