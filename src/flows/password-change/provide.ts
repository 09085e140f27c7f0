import { fromPromise } from 'xstate';
import { passwordChangeMachine, type PasswordRequest } from '../../../machines/password-change.machine.ts';

export type PasswordChangeDependencies = {
  verifyPassword: (password: string) => Promise<void>;
  setPassword: (password: string) => Promise<void>;
  goToChangePassword: () => void;
  goToVerifyPassword: () => void;
  /** Toasts the change and returns to the profile. */
  onChanged: () => void;
};

/** The password change with its real effects: the Me API and the router. */
export function providePasswordChangeMachine(deps: PasswordChangeDependencies) {
  return passwordChangeMachine.provide({
    actors: {
      verifyPassword: fromPromise<void, PasswordRequest>(({ input }) => deps.verifyPassword(input.password)),
      setPassword: fromPromise<void, PasswordRequest>(({ input }) => deps.setPassword(input.password)),
    },
    actions: {
      goToChangePassword: () => deps.goToChangePassword(),
      goToVerifyPassword: () => deps.goToVerifyPassword(),
      notifyChanged: () => deps.onChanged(),
    },
  });
}
