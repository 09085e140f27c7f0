import { Image, ThemeIcon, useComputedColorScheme } from '@mantine/core';
import { IconMail, IconMessage, IconPlugConnected } from '@tabler/icons-react';
import type { ConnectorType } from '#schemas/connector.ts';

const sizes = { sm: 28, xl: 56 };
const placeholders = { Email: IconMail, Sms: IconMessage, Social: IconPlugConnected };

/** A connector's or factory's logo (its dark one in a dark theme), or the type's icon when it has none yet. */
export function ConnectorLogo({ logo, logoDark, type, size = 'sm' }: { logo?: string | null; logoDark?: string | null; type: ConnectorType; size?: 'sm' | 'xl' }) {
  const scheme = useComputedColorScheme('light');
  const src = (scheme === 'dark' && logoDark) || logo;
  if (src) return <Image src={src} alt="" w={sizes[size]} h={sizes[size]} fit="contain" style={{ flex: 'none' }} />;
  const Placeholder = placeholders[type];
  return (
    <ThemeIcon variant="light" color="gray" size={sizes[size]} radius="md" aria-hidden="true">
      <Placeholder size={sizes[size] * 0.6} />
    </ThemeIcon>
  );
}
