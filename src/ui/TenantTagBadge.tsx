import { Badge, type BadgeProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TenantTag } from '../../schemas/constants.ts';

/** The tenant's environment tag: development or production. */
export function TenantTagBadge({ tag, ...props }: { tag: TenantTag } & BadgeProps) {
  const { t } = useLingui();
  return (
    // The light variant's own green text is below WCAG AA on its background: the text is the theme's bright colour.
    <Badge variant="light" size="sm" tt="none" color={tag === 'production' ? 'green' : 'gray'} c="bright" {...props}>
      {tag === 'production' ? t`Production` : t`Development`}
    </Badge>
  );
}
