import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useServices } from '#src/app/services.ts';
import { showUnreported, usePreferences } from '#src/preferences/hooks.ts';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';

/** Once any connector exists, until dismissed (the admin preference `connectorSieNoticeConfirmed`, spec 01 §3). */
export function ConnectorsNotice({ tenantId }: { tenantId: string }) {
  const { t } = useLingui();
  const { preferences: store } = useServices();
  const { me, preferences } = usePreferences();
  if (!me || preferences.connectorSieNoticeConfirmed) return null;
  return (
    <Alert
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={() => void store.update({ connectorSieNoticeConfirmed: true }).catch(showUnreported)}
    >
      <Trans>
        Connectors do nothing until the sign-in experience uses them. Turn them on in{' '}
        <LinkAnchor to="/$tenantId/sign-in-experience/$tab" params={{ tenantId, tab: 'sign-up-and-sign-in' }} inherit c="inherit" fw={600} underline="always">
          Sign-up and sign-in
        </LinkAnchor>
        .
      </Trans>
    </Alert>
  );
}
