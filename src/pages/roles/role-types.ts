import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RoleType } from '#schemas/role-types.ts';

/** How each role type reads: in the list's type column and filter, and as the details page's tag. */
export const roleTypeNames: Record<RoleType, { short: MessageDescriptor; long: MessageDescriptor }> = {
  User: { short: msg`User`, long: msg`User role` },
  MachineToMachine: { short: msg`Machine-to-machine`, long: msg`Machine-to-machine role` },
};
