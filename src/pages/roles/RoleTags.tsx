import { Badge } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Role } from '#schemas/role.ts';
import { roleTypeNames } from './role-types.ts';

/** The role's type ("User", or "User role" in its header) and "Default" on the roles every new user gets. */
export function RoleTags({ role, long = false }: { role: Pick<Role, 'type' | 'isDefault'>; long?: boolean }) {
  const { i18n } = useLingui();
  const names = roleTypeNames[role.type];
  return (
    <>
      <Badge variant="default" size="sm" tt="none">
        {i18n._(long ? names.long : names.short)}
      </Badge>
      {role.isDefault && (
        <Badge variant="light" size="sm" tt="none">
          <Trans>Default</Trans>
        </Badge>
      )}
    </>
  );
}
