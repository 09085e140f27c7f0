import { Suspense, useRef } from 'react';
import { Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { lazyComponent } from '../lazyDialog.tsx';

// Its code (the modal and its focus trap) loads only when someone leaves with unsaved changes, not with every form.
const ConfirmDialog = lazyComponent(async () => (await import('../confirm-dialog/ConfirmDialog.tsx')).ConfirmDialog);

/**
 * While `when` holds, leaving the page (a link, a tab, the back button) asks first through the confirm dialog, and
 * closing or reloading the browser tab asks through the browser's own prompt. `staysOn` names the paths the form stays
 * on, such as the other tabs of a form shared by several tabs.
 */
export function UnsavedChangesGuard({ when, staysOn }: { when: boolean; staysOn?: (pathname: string) => boolean }) {
  const { t } = useLingui();
  const blocking = useRef(when);
  blocking.current = when;
  const blocker = useBlocker({
    // A path the form stays on (another tab of the same form) keeps its edits: no question.
    shouldBlockFn: ({ next }) => blocking.current && !staysOn?.(next.pathname),
    enableBeforeUnload: () => blocking.current,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        title={t`Leave this page?`}
        confirmLabel={t`Leave`}
        onResult={(result) => (result === 'confirmed' ? blocker.proceed() : blocker.reset())}
      >
        <Text fz="sm">{t`You have unsaved changes. They are lost if you leave this page.`}</Text>
      </ConfirmDialog>
    </Suspense>
  );
}
