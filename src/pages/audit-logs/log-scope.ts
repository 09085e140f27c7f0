import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Whose logs a table lists: the tenant's, one user's, or one app's. */
export type LogScope =
  | { kind: 'tenant' }
  | { kind: 'user'; userId: string }
  | { kind: 'application'; applicationId: string; machineToMachine: boolean };

/** The user or the app a scope fixes. */
export type FixedFilters = { userId?: string; applicationId?: string };
export const fixedFiltersOf = (scope: LogScope): FixedFilters =>
  scope.kind === 'user' ? { userId: scope.userId } : scope.kind === 'application' ? { applicationId: scope.applicationId } : {};

/** The filters that pick one of many (searchable selects), in the URL under these names. */
export type SelectFilterName = 'event' | 'applicationId' | 'userId';

export const selectFilterText: Record<SelectFilterName, { label: MessageDescriptor; placeholder: MessageDescriptor }> = {
  event: { label: msg`Event`, placeholder: msg`All events` },
  applicationId: { label: msg`Application`, placeholder: msg`All applications` },
  userId: { label: msg`User`, placeholder: msg`All users` },
};

/** A scope's select filters: none for what it fixes, and no user for a machine-to-machine app (its logs have none). */
export function selectFiltersOf(scope: LogScope): SelectFilterName[] {
  if (scope.kind === 'user') return ['event', 'applicationId'];
  if (scope.kind === 'application') return scope.machineToMachine ? ['event'] : ['event', 'userId'];
  return ['event', 'applicationId', 'userId'];
}
