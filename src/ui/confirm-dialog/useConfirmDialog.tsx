import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

type Question = Omit<ConfirmDialogProps, 'onResult'>;

/** A confirm dialog asked for from an event handler: `ask(question, onConfirmed)`, with `dialog` rendered somewhere. */
export function useConfirmDialog() {
  const [asking, setAsking] = useState<{ question: Question; onConfirmed: () => void }>();
  const dialog = asking && (
    <ConfirmDialog
      {...asking.question}
      onResult={(result) => {
        setAsking(undefined);
        if (result === 'confirmed') asking.onConfirmed();
      }}
    />
  );
  return { ask: (question: Question, onConfirmed: () => void) => setAsking({ question, onConfirmed }), dialog };
}
