import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/**
 * The first cell of a list's row: the item's icon, its name and its tags. The tags go under the name when both do not
 * fit on one line, rather than being cut short.
 */
export function NameCell({ icon, name, tags }: { icon: ReactNode; name: string; tags?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {icon}
      <Group gap={6} miw={0}>
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        {tags}
      </Group>
    </Group>
  );
}
