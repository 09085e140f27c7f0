import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';

/** One fact of a details card, in a `<dl>` grid: its label over its value; `wide` takes the grid's whole row. */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined} miw={0}>
      <Text component="dt" fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}
