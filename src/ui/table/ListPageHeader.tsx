import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export type ListPageHeaderProps = { title: string; description: ReactNode; action: ReactNode };

/** The top of a list page: its title, what it holds (with a docs link), and the create action. */
export function ListPageHeader({ title, description, action }: ListPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" fz="sm">
          {description}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
