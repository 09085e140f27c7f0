import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { jwtCustomizerSaveMachine, type JwtCustomizerSaveRequest } from '#machines/jwt-customizer-save.machine.ts';
import type { JwtCustomizer, JwtTokenType } from '#schemas/jwt-customizer.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { useSaveJwtCustomizer } from '#src/data/jwt-customizer.ts';
import { quotaHandles } from '#src/ui/form/useQuotaNotice.ts';
import { formHandles } from '#src/ui/form/show-form-error.ts';

/** The codes the editor shows itself: a field's rule, the script's compile error on its line, the plan's notice. */
export const jwtSaveHandles: ErrorCode[] = [...formHandles(), 'jwt_customizer.invalid_script', ...quotaHandles];

export type JwtSaveEffects = {
  onSaved: (saved: { value: JwtCustomizer; created: boolean }) => void;
  onFailed: (error: unknown) => void;
};

/** Save of the custom JWT editor: PUT of the whole value; the page provides what a save and a refusal change on screen. */
export function useJwtCustomizerSave(tokenType: JwtTokenType, creating: boolean, { onSaved, onFailed }: JwtSaveEffects) {
  const save = useSaveJwtCustomizer(tokenType, { handles: jwtSaveHandles });
  return useMachine(
    jwtCustomizerSaveMachine.provide({
      actors: { save: fromPromise<JwtCustomizer, JwtCustomizerSaveRequest>(({ input }) => save.mutateAsync(input.value)) },
      actions: {
        notifySaved: (_args, saved) => onSaved(saved),
        notifyFailed: (_args, error) => onFailed(error),
      },
    }),
    { input: { creating } },
  );
}
