import { html } from 'hono/html';
import { canRegister, signInKinds, type SignInFlowRules } from '#machines/sign-in-flow.ts';
import type { SignInSnapshot } from '#machines/sign-in.machine.ts';
import { resendAfterMs } from '#machines/sign-in-steps.ts';
import { verificationCodeLength } from '#schemas/profile.ts';
import { identifierMaxLength } from '#schemas/user.ts';
import { field } from './layout.ts';
import { signInPage } from './sign-in-chrome.ts';
import { identifierLabel, noticePart } from './views.ts';
import type { FlowPageContext } from './flow-views.ts';

/** The pages of the sign-in flow's verification codes and forgotten password (machines/sign-in-code-states.ts). */

type ProblemText = (key: 'identifier' | 'code' | 'password' | 'confirmPassword', snapshot: SignInSnapshot) => string | undefined;

/** Time left as m:ss. */
const clock = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The links a sign-in page offers beside its form: forgot password (where a connector exists) and registration. */
export const signInLinks = (context: FlowPageContext, rules: SignInFlowRules) => {
  const t = context.messages;
  return html`${rules.forgotPassword.length > 0 ? html`<p class="switch"><a href="${context.paths.forgotPassword}">${t.codes.forgotPasswordLink}</a></p>` : ''}
  ${canRegister(rules) ? html`<p class="switch">${t.noAccount} <a href="${context.forms.signUp}">${t.toSignUp}</a></p>` : ''}`;
};

/** The first screen when some identifier signs in with a code: the identifier alone, then its code or password. */
export const identifierFirstView = (context: FlowPageContext, snapshot: SignInSnapshot, notice: string | undefined, text: ProblemText) => {
  const t = context.messages;
  const { identifier, rules } = snapshot.context;
  return signInPage(context, {
    title: context.titles.signIn,
    body: html`${noticePart(notice ?? text('code', snapshot))}<form method="post" action="${context.paths.identifier}" novalidate>
        ${field({
          id: 'identifier',
          label: identifierLabel(t, signInKinds(rules), context.locale),
          autocomplete: 'username',
          value: identifier,
          error: text('identifier', snapshot),
          autofocus: true,
          required: true,
          maxLength: identifierMaxLength,
        })}
        <button type="submit">${t.flow.continueButton}</button>
      </form>
      ${signInLinks(context, rules)}`,
  });
};

export const codeView = (context: FlowPageContext, snapshot: SignInSnapshot, text: ProblemText, now: number) => {
  const t = context.messages;
  const { code, rules } = snapshot.context;
  const wait = (code?.sentAt ?? 0) + resendAfterMs - now;
  const usePassword = code?.usage === 'SignIn' && rules.signInIdentifiers.includes(code.kind);
  return signInPage(context, {
    title: t.codes.codeTitle,
    body: html`<p>${t.codes.codeSentTo(code?.identifier ?? '')}</p>
      <form method="post" action="${context.paths.code}" novalidate>
        ${field({
          id: 'code',
          label: t.codes.codeLabel,
          autocomplete: 'one-time-code',
          inputMode: 'numeric',
          error: text('code', snapshot),
          autofocus: true,
          required: true,
          maxLength: verificationCodeLength,
        })}
        <button type="submit">${t.flow.continueButton}</button>
      </form>
      <form method="post" action="${context.paths.sendCode}">
        ${wait > 0 ? html`<p class="hint" id="resend-wait">${t.codes.resendIn(clock(wait))}</p>` : ''}
        <p class="switch"><button type="submit" class="secondary" ${wait > 0 ? html`disabled aria-describedby="resend-wait"` : ''}>${t.codes.resendButton}</button></p>
      </form>
      ${usePassword ? html`<form method="post" action="${context.paths.usePassword}"><p class="switch"><button type="submit" class="secondary">${t.codes.usePassword}</button></p></form>` : ''}
      <p class="switch"><a href="${context.forms.signIn}">${t.flow.useAnotherAccount}</a></p>`,
  });
};

export const forgotPasswordView = (context: FlowPageContext, snapshot: SignInSnapshot, text: ProblemText) => {
  const t = context.messages;
  const { identifier, rules } = snapshot.context;
  return signInPage(context, {
    title: t.codes.forgotTitle,
    body: html`${noticePart(text('code', snapshot))}<p>${t.codes.forgotIntro}</p>
      <form method="post" action="${context.paths.forgotPassword}" novalidate>
        ${field({
          id: 'identifier',
          label: identifierLabel(t, rules.forgotPassword, context.locale),
          autocomplete: 'username',
          value: identifier,
          error: text('identifier', snapshot),
          autofocus: true,
          required: true,
          maxLength: identifierMaxLength,
        })}
        <button type="submit">${t.codes.sendCodeButton}</button>
      </form>
      <p class="switch"><a href="${context.forms.signIn}">${t.toSignIn}</a></p>`,
  });
};

/** A new password: a reset's, or a verified registration's. */
export const newPasswordView = (context: FlowPageContext, snapshot: SignInSnapshot, text: ProblemText) => {
  const t = context.messages;
  const reset = snapshot.context.code?.usage === 'ForgotPassword';
  const [passwordError, confirmError] = [text('password', snapshot), text('confirmPassword', snapshot)];
  return signInPage(context, {
    title: reset ? t.codes.newPasswordTitle : t.codes.createPasswordTitle,
    body: html`<form method="post" action="${context.paths.newPassword}" novalidate>
      ${field({ id: 'password', label: t.codes.newPasswordLabel, type: 'password', autocomplete: 'new-password', error: passwordError, autofocus: !confirmError, required: true })}
      ${field({ id: 'confirmPassword', label: t.confirmPasswordLabel, type: 'password', autocomplete: 'new-password', error: confirmError, autofocus: Boolean(confirmError) && !passwordError, required: true })}
      <button type="submit">${reset ? t.codes.savePasswordButton : t.createAccountButton}</button>
    </form>`,
  });
};
