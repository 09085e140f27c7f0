import { ThemeIcon } from '@mantine/core';
import { IconApi, IconShieldLock } from '@tabler/icons-react';
import type { Resource } from '#schemas/resource.ts';

/** An API resource's icon; the tenant's built-in management API has its own. */
export function ResourceIcon({ resource, size = 'md' }: { resource: Pick<Resource, 'isBuiltIn'>; size?: 'md' | 'xl' }) {
  const Icon = resource.isBuiltIn ? IconShieldLock : IconApi;
  return (
    <ThemeIcon variant="light" size={size} radius="md" color={resource.isBuiltIn ? 'gray' : undefined} aria-hidden="true">
      <Icon size={size === 'xl' ? 24 : 16} />
    </ThemeIcon>
  );
}
