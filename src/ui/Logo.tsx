import { Group, Text, type MantineBreakpoint } from '@mantine/core';
import { productName } from '#schemas/constants.ts';

/** The Gatehouse mark: a gate under an arch. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M8 25V14a8 8 0 0 1 16 0v11" fill="none" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M12.5 25v-9M16 25v-9M19.5 25v-9" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark and the product name; `wordmarkFrom` shows the name only from that screen width up. */
export function Logo({ size = 32, wordmarkFrom }: { size?: number; wordmarkFrom?: MantineBreakpoint }) {
  return (
    <Group gap={8} wrap="nowrap" aria-label={productName} role="img">
      <LogoMark size={size} />
      <Text fw={700} fz={size * 0.6} aria-hidden="true" visibleFrom={wordmarkFrom}>
        {productName}
      </Text>
    </Group>
  );
}
