import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** A page's content while it loads, inside the console's layout; `label` names what is loading. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <Center mih="40dvh" role="status" aria-label={label ?? t`Loading`}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}
