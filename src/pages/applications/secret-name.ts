import { useLingui } from '@lingui/react/macro';
import { defaultSecretName } from '#schemas/application.ts';

/** How the console names a secret: the default secret in the reader's language, any other by the name it was given. */
export function useSecretName() {
  const { t } = useLingui();
  return (name: string) => (name === defaultSecretName ? t`Default secret` : name);
}
