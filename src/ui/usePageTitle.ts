import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { productName } from '#schemas/constants.ts';

/** Sets the document title from the template '{page} · Gatehouse'. */
export function usePageTitle(page: string | undefined) {
  const { t } = useLingui();
  const title = page ? t`${page} · ${productName}` : productName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
