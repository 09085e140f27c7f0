import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { HookLog } from '#schemas/webhook.ts';

/** A delivery attempt's HTTP status (green below 400, red otherwise), or "Request error" when nothing answered. */
export function StatusTag({ log }: { log: HookLog }) {
  const status = log.payload.response?.statusCode;
  if (status === undefined) {
    return (
      <Badge variant="light" color="red" c="bright" size="sm" tt="none">
        <Trans>Request error</Trans>
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={status < 400 ? 'green' : 'red'} c="bright" size="sm" tt="none">
      {status}
    </Badge>
  );
}
