import { Badge, type BadgeProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TenantTag } from '#schemas/constants.ts';

/** The tenant's environment tag: development or production. */
export function TenantTagBadge({ tag, ...props }: { tag: TenantTag } & BadgeProps) {
  const { t } = useLingui();
  return (
    // The light variant's green text is at AA in both themes (theme.ts).
    <Badge variant="light" size="sm" tt="none" color={tag === 'production' ? 'green' : 'gray'} {...props}>
      {tag === 'production' ? t`Production` : t`Development`}
    </Badge>
  );
}
