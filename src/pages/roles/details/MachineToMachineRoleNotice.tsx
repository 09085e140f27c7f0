import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useServices } from '#src/app/services.ts';
import { showUnreported, usePreferences } from '#src/preferences/hooks.ts';

/** Once per console user, on a machine-to-machine role: it does nothing until an app holds it (roles.md §4). */
export function MachineToMachineRoleNotice() {
  const { t } = useLingui();
  const { preferences: store } = useServices();
  const { me, preferences } = usePreferences();
  if (!me || preferences.m2mRoleNotificationAcknowledged) return null;
  return (
    <Alert
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={() => void store.update({ m2mRoleNotificationAcknowledged: true }).catch(showUnreported)}
    >
      <Trans>This role takes effect once it is assigned to a machine-to-machine app.</Trans>
    </Alert>
  );
}
