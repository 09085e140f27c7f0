import { useEffect, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PrivateKey } from '#schemas/signing-keys.ts';

/** The time now, once a second while shown: the Next key's countdown. */
function useNow() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `hh:mm:ss` until `at` (never negative). */
export const countdownOf = (at: string, now: number) => {
  const seconds = Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
  return `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;
};

function NextCountdown({ effectiveAt }: { effectiveAt: string }) {
  const now = useNow();
  const left = countdownOf(effectiveAt, now);
  return (
    <Text span fz="xs" c="dimmed" dir="ltr">
      <Trans>effective in {left}</Trans>
    </Text>
  );
}

/** A key's status tag: Next (info, with its countdown), Current (success), Previous (warning). */
export function KeyStatus({ status, effectiveAt }: Pick<PrivateKey, 'status' | 'effectiveAt'>) {
  const { t } = useLingui();
  const tags = {
    Next: { color: 'blue', label: t({ message: 'Next', comment: 'A signing key published but not yet signing' }) },
    Current: { color: 'green', label: t({ message: 'Current', comment: 'The signing key that signs new tokens' }) },
    Previous: { color: 'yellow', label: t({ message: 'Previous', comment: 'A signing key that no longer signs but still verifies' }) },
  } as const;
  const tag = tags[status];
  return (
    <>
      <Badge color={tag.color} variant="light" tt="none">
        {tag.label}
      </Badge>
      {status === 'Next' && effectiveAt && (
        <>
          {' '}
          <NextCountdown effectiveAt={effectiveAt} />
        </>
      )}
    </>
  );
}
