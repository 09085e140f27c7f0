import { useEffect, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { confirmDialogMachine, type ConfirmDialogResult } from '#machines/confirm-dialog.machine.ts';
import { ConfirmDialogView } from './ConfirmDialogView.tsx';

export type ConfirmDialogProps = {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  typedConfirmation?: { label: string; value: string };
  /** Called once, when the dialog resolves. */
  onResult: (result: ConfirmDialogResult) => void;
};

/** A confirm dialog that resolves as confirmed or cancelled; the browser's back action (popstate) cancels it. */
export function ConfirmDialog({ onResult, ...props }: ConfirmDialogProps) {
  const [state, send] = useMachine(confirmDialogMachine);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    const cancel = () => send({ type: 'BROWSER_BACK' });
    window.addEventListener('popstate', cancel);
    return () => window.removeEventListener('popstate', cancel);
  }, [send]);

  const { status, output } = state;
  useEffect(() => {
    if (status === 'done' && output) onResultRef.current(output);
  }, [status, output]);

  return <ConfirmDialogView state={state} send={send} {...props} />;
}
