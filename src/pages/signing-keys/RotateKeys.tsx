import { useState } from 'react';
import { Group, NativeSelect, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  defaultSigningKeyAlgorithm,
  rotationGracePeriods,
  signingKeyAlgorithms,
  type OidcKeyType,
  type SigningKeyAlgorithm,
} from '#schemas/signing-keys.ts';
import { useRotateKeys } from '#src/data/signing-keys.ts';
import { Button } from '#src/ui/Button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';

type Props = { type: OidcKeyType; canRotate: boolean };

/** The rotate section under the table: what rotation does, and its button with a confirm dialog (signing-keys.md §1). */
export function RotateKeys({ type, canRotate }: Props) {
  const { t } = useLingui();
  const rotate = useRotateKeys(type);
  const [asking, setAsking] = useState(false);
  const [algorithm, setAlgorithm] = useState<SigningKeyAlgorithm>(defaultSigningKeyAlgorithm);
  const [grace, setGrace] = useState('0');
  const isPrivate = type === 'private-keys';
  const label = isPrivate ? t`Rotate private keys` : t`Rotate cookie keys`;

  const graceLabels: Record<(typeof rotationGracePeriods)[number], string> = {
    0: t`None: at once`,
    3600: t`1 hour`,
    14400: t`4 hours`,
    86400: t`24 hours`,
  };
  const algorithmLabels: Record<SigningKeyAlgorithm, string> = { EC: t`EC P-256 (ES256)`, RSA: t`RSA 2048 (RS256)` };

  const confirmed = () =>
    rotate.mutate(isPrivate ? { signingKeyAlgorithm: algorithm, rotationGracePeriod: Number(grace) } : {}, {
      onSuccess: () => notifications.show({ color: 'green', message: isPrivate ? t`Private keys rotated` : t`Cookie keys rotated` }),
    });

  const button = (
    <Button
      variant="default"
      color="red"
      disabled={!canRotate}
      loading={rotate.isPending}
      onClick={() => setAsking(true)}
      h="auto"
      mih={36}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
    >
      {label}
    </Button>
  );

  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text fz="sm" c="dimmed" maw={560}>
        {isPrivate ? (
          <Trans>Rotation makes a new key that signs new tokens; tokens signed with the current key keep working while it is kept as the previous key.</Trans>
        ) : (
          <Trans>Rotation makes a new key that signs new sign-in cookies; users keep their sign-in sessions until the previous key is deleted.</Trans>
        )}
      </Text>
      {canRotate ? button : <Tooltip label={t`Only tenant admins can rotate keys.`}>{<span tabIndex={0}>{button}</span>}</Tooltip>}
      {asking && (
        <ConfirmDialog
          title={label}
          confirmLabel={t`Rotate`}
          onResult={(result) => {
            setAsking(false);
            if (result === 'confirmed') confirmed();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm">
              {isPrivate ? (
                <Trans>New tokens will be signed with a new key; tokens signed with the current key keep working while the previous key is kept.</Trans>
              ) : (
                <Trans>Users keep their sign-in sessions until the previous key is deleted.</Trans>
              )}
            </Text>
            {isPrivate && (
              <>
                <NativeSelect
                  label={t`Algorithm`}
                  data={signingKeyAlgorithms.map((value) => ({ value, label: algorithmLabels[value] }))}
                  value={algorithm}
                  onChange={(event) => setAlgorithm(event.currentTarget.value as SigningKeyAlgorithm)}
                />
                <NativeSelect
                  label={t`Grace period`}
                  description={t`With a grace period, the new key is published as Next first and signs once it ends.`}
                  data={rotationGracePeriods.map((value) => ({ value: String(value), label: graceLabels[value] }))}
                  value={grace}
                  onChange={(event) => setGrace(event.currentTarget.value)}
                />
              </>
            )}
          </Stack>
        </ConfirmDialog>
      )}
    </Group>
  );
}
