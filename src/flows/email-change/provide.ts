import { fromPromise } from 'xstate';
import { emailChangeMachine, type CodeRequest, type EmailNavigationState, type EmailRequest } from '../../../machines/email-change.machine.ts';

export type EmailChangeDependencies = {
  sendCode: (request: EmailRequest) => Promise<void>;
  verifyCode: (request: CodeRequest) => Promise<void>;
  setPrimaryEmail: (request: EmailRequest) => Promise<void>;
  goToVerificationCode: (state: Required<EmailNavigationState>) => void;
  goToChangePassword: () => void;
  onChanged: () => void;
};

/** The e-mail change with its real effects: the Me API and the router. */
export function provideEmailChangeMachine(deps: EmailChangeDependencies) {
  return emailChangeMachine.provide({
    actors: {
      sendCode: fromPromise<void, EmailRequest>(({ input }) => deps.sendCode(input)),
      verifyCode: fromPromise<void, CodeRequest>(({ input }) => deps.verifyCode(input)),
      setPrimaryEmail: fromPromise<void, EmailRequest>(({ input }) => deps.setPrimaryEmail(input)),
    },
    actions: {
      goToVerificationCode: (_, state: Required<EmailNavigationState>) => deps.goToVerificationCode(state),
      goToChangePassword: () => deps.goToChangePassword(),
      notifyChanged: () => deps.onChanged(),
    },
  });
}
