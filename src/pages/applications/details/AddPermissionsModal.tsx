import { useState } from 'react';
import { Checkbox, Stack, Tabs, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { userConsentScopes, type UserConsentScope, type UserConsentScopes } from '#schemas/user-consent.ts';
import { useAddUserConsentScopes } from '#src/data/applications.ts';
import { AssignModal } from '#src/ui/pickers/AssignModal.tsx';
import { PermissionsPicker } from '#src/ui/pickers/PermissionsPicker.tsx';
import { writeThenClose } from '#src/ui/write-then-close.ts';
import { userScopeDescription } from './user-scope-names.ts';

export type AddPermissionsModalProps = { tenantId: string; application: Application; enabled: UserConsentScopes; onClose: () => void };

/** Enables user scopes (one tab) and API permissions (the other) for a third-party app; those enabled are not offered. */
export function AddPermissionsModal({ tenantId, application, enabled, onClose }: AddPermissionsModalProps) {
  const { t } = useLingui();
  const [userScopes, setUserScopes] = useState<UserConsentScope[]>([]);
  const [resourceScopes, setResourceScopes] = useState<string[]>([]);
  const addScopes = useAddUserConsentScopes(application.id);
  const offeredUserScopes = userConsentScopes.filter((scope) => !enabled.userScopes.includes(scope));
  const enabledResourceScopes = new Set(enabled.resourceScopes.flatMap(({ scopes }) => scopes.map((scope) => scope.id)));

  const submit = () => writeThenClose({ write: () => addScopes.mutateAsync({ userScopes, resourceScopes }), onClose });

  return (
    <AssignModal
      title={t`Add permissions`}
      intro={t`When users sign in to ${application.name}, it may ask them to consent to these.`}
      dismissLabel={t`Cancel`}
      nothingChosen={userScopes.length + resourceScopes.length === 0}
      assigning={addScopes.isPending}
      onAssign={() => void submit()}
      onClose={onClose}
    >
      <Tabs defaultValue="user">
        <Tabs.List>
          <Tabs.Tab value="user">{t`User permissions`}</Tabs.Tab>
          <Tabs.Tab value="api">{t`API permissions`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user" pt="md">
          {offeredUserScopes.length === 0 ? (
            <Text fz="sm" c="dimmed">{t`All user scopes are enabled.`}</Text>
          ) : (
            <Checkbox.Group label={t`User permissions`} value={userScopes} onChange={(value) => setUserScopes(value as UserConsentScope[])}>
              <Stack gap="xs" mt="xs">
                {offeredUserScopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={scope} description={userScopeDescription(scope)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="api" pt="md">
          {/* As for a User role: the management API is not offered to third-party apps. */}
          <PermissionsPicker tenantId={tenantId} roleType="User" excluded={enabledResourceScopes} value={resourceScopes} onChange={setResourceScopes} />
        </Tabs.Panel>
      </Tabs>
    </AssignModal>
  );
}
