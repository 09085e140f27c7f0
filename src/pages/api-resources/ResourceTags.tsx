import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { Resource } from '#schemas/resource.ts';

/** "Default API" on the tenant's default API, "Built-in" on its management API. */
export function ResourceTags({ resource }: { resource: Pick<Resource, 'isDefault' | 'isBuiltIn'> }) {
  return (
    <>
      {resource.isDefault && (
        <Badge variant="light" size="sm" tt="none">
          <Trans>Default API</Trans>
        </Badge>
      )}
      {resource.isBuiltIn && (
        <Badge variant="default" size="sm" tt="none">
          <Trans>Built-in</Trans>
        </Badge>
      )}
    </>
  );
}
