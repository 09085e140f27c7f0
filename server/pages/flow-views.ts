import { html } from 'hono/html';
import { canRegister, canSignIn, termsRequired } from '#machines/sign-in-flow.ts';
import type { FieldProblem, FlowErrors, FormField, SignInSnapshot } from '#machines/sign-in.machine.ts';
import { isHttpUrl } from '#schemas/application-branding.ts';
import { identifierMaxLength } from '#schemas/user.ts';
import { field } from './layout.ts';
import type { Messages } from './messages.ts';
import { signInPage } from './sign-in-chrome.ts';
import type { ConsentRequest } from './sign-in-site.ts';
import { socialButtonsPart, socialErrorStatus, socialErrorView, type SocialPageContext } from './social-views.ts';
import { consentView, identifierLabel, noticePart, signInView, signUpView, termsPart, type TermsPart } from './views.ts';

/** A page of a sign-in flow: the chrome's context and the flow's further forms. */
export type FlowPageContext = SocialPageContext & {
  paths: { identifier: string; terms: string; profile: string; retry: string; social: string };
  /** What the page says when registration is closed, where the site has its own words (the self-hosted console). */
  closedNotice?: string;
};

/** The text of a field's problem. `several`: the registration takes any one of several identifiers. */
export const problemText = (t: Messages, key: FormField, problem: FieldProblem, several = false): string => {
  if (typeof problem === 'object') return problem.password.map((code) => t.password[code]).join(' ');
  if (problem === 'not_allowed') return t.flow.identifierNotAllowed;
  const texts: Record<FormField, Partial<Record<Exclude<FieldProblem, object>, string>>> = {
    identifier: { required: t.identifierRequired },
    username: { required: several ? t.signUpIdentifierRequired : t.invalidUsername, invalid: t.invalidUsername, taken: t.usernameTaken },
    email: { required: several ? t.signUpIdentifierRequired : t.invalidEmail, invalid: t.invalidEmail, taken: t.emailTaken },
    password: { required: t.passwordRequired, credentials: t.invalidCredentials, suspended: t.userSuspended, too_many_attempts: t.tooManyAttempts },
    confirmPassword: { mismatch: t.passwordMismatch },
    terms: { required: t.flow.termsRequired },
  };
  return texts[key][problem] ?? t.requestFailed;
};

const texts = (t: Messages, errors: FlowErrors, several: boolean) =>
  Object.fromEntries(Object.entries(errors).map(([key, problem]) => [key, problemText(t, key as FormField, problem, several)])) as Partial<Record<FormField, string>>;

/** The answer's status: a step the settings refuse 403, a wrong password or a taken identifier 422, other form problems 400. */
export const flowStatus = (snapshot: SignInSnapshot): 200 | 400 | 403 | 422 | 429 | 500 => {
  const { errors, notice } = snapshot.context;
  const problems = Object.values(errors);
  if (snapshot.matches('error')) return 500;
  if (snapshot.matches('socialError')) return socialErrorStatus(snapshot);
  if (problems.includes('too_many_attempts')) return 429;
  if (notice || problems.some((problem) => problem === 'not_allowed' || problem === 'suspended')) return 403;
  if (problems.some((problem) => problem === 'credentials' || problem === 'taken')) return 422;
  return problems.length > 0 ? 400 : 200;
};

/** The terms the user agrees to: the app's own links over the tenant's, as the page's footer shows them. */
const termsOf = (context: FlowPageContext, required: boolean, error?: string): TermsPart => {
  const { app, settings } = context.experience;
  const termsOfUseUrl = app?.termsOfUseUrl ?? settings.termsOfUseUrl;
  const privacyPolicyUrl = app?.privacyPolicyUrl ?? settings.privacyPolicyUrl;
  const t = context.messages;
  // Only http(s) links, as the URL parser writes them, whatever is stored.
  const links = [
    ...(termsOfUseUrl && isHttpUrl(termsOfUseUrl) ? [{ url: new URL(termsOfUseUrl).href, label: t.termsOfUse }] : []),
    ...(privacyPolicyUrl && isHttpUrl(privacyPolicyUrl) ? [{ url: new URL(privacyPolicyUrl).href, label: t.privacyPolicy }] : []),
  ];
  return { required, links, error };
};

/** A form of one identifier (the `identifier:*` screens), or the password of a known one. */
const identifierView = (context: FlowPageContext, snapshot: SignInSnapshot, register: boolean) => {
  const t = context.messages;
  const { rules, errors, identifier, values } = snapshot.context;
  const value = register ? (values.email ?? values.username ?? '') : identifier;
  return signInPage(context, {
    title: register ? context.titles.signUp : context.titles.signIn,
    body: html`<form method="post" action="${context.paths.identifier}" novalidate>
      ${field({
        id: 'identifier',
        label: identifierLabel(t, register ? rules.registerStep : rules.identifierStep, context.locale),
        autocomplete: 'username',
        value,
        error: errors.identifier && problemText(t, 'identifier', errors.identifier),
        autofocus: true,
        required: true,
        maxLength: identifierMaxLength,
      })}
      <button type="submit">${t.flow.continueButton}</button>
    </form>`,
  });
};

const passwordView = (context: FlowPageContext, snapshot: SignInSnapshot) => {
  const t = context.messages;
  const { errors, identifier, rules } = snapshot.context;
  return signInPage(context, {
    title: context.titles.signIn,
    body: html`<form method="post" action="${context.forms.signIn}" novalidate>
        <div class="field">
          <label for="identifier">${identifierLabel(t, rules.identifierStep, context.locale)}</label>
          <input id="identifier" name="identifier" type="text" autocomplete="username" value="${identifier}" readonly />
        </div>
        ${field({
          id: 'password',
          label: t.passwordLabel,
          type: 'password',
          autocomplete: 'current-password',
          error: errors.password && problemText(t, 'password', errors.password),
          autofocus: true,
          required: true,
        })}
        ${termsPart(t, rules.terms ? termsOf(context, termsRequired(rules, 'signIn')) : undefined)}
        <button type="submit">${t.signInButton}</button>
      </form>
      <p class="switch"><a href="${context.forms.signIn}">${t.flow.useAnotherAccount}</a></p>`,
  });
};

const signInScreen = (context: FlowPageContext, snapshot: SignInSnapshot) => {
  const t = context.messages;
  const { rules, errors, identifier, notice } = snapshot.context;
  const messages = texts(t, errors, false);
  return signInView(context, {
    identifier,
    identifierError: messages.identifier,
    passwordError: messages.password,
    identifiers: rules.signInIdentifiers,
    registerLink: canRegister(rules),
    terms: rules.terms ? termsOf(context, termsRequired(rules, 'signIn'), messages.terms) : undefined,
    notice: notice === 'registration_not_allowed' ? (context.closedNotice ?? t.flow.registrationNotAllowed) : undefined,
    alternatives: socialButtonsPart(context),
  });
};

const registerScreen = (context: FlowPageContext, snapshot: SignInSnapshot) => {
  const t = context.messages;
  const { rules, errors, values, notice } = snapshot.context;
  const identifiers = rules.signUp.identifiers.filter((identifier) => identifier !== 'phone');
  const messages = texts(t, errors, identifiers.length > 1);
  // A value posted for an identifier the form does not show: the page says so above the form.
  const hidden = (['identifier', 'username', 'email'] as const).some((key) => errors[key] === 'not_allowed' && !identifiers.includes(key as 'username'));
  return signUpView(context, {
    username: values.username,
    email: values.email,
    errors: messages,
    identifiers,
    terms: rules.terms ? termsOf(context, termsRequired(rules, 'register'), messages.terms) : undefined,
    notice: notice === 'sign_in_not_allowed' ? t.flow.signInNotAllowed : hidden ? t.flow.identifierNotAllowed : undefined,
    signInLink: canSignIn(rules),
    alternatives: socialButtonsPart(context),
  });
};

const termsView = (context: FlowPageContext) => {
  const t = context.messages;
  return signInPage(context, {
    title: t.flow.termsTitle,
    // The terms are the footer's links, below.
    body: html`<p>${t.flow.termsIntro}</p>
      <form method="post" action="${context.paths.terms}">
        <button type="submit" name="decision" value="agree">${t.flow.continueButton}</button>
        <p class="switch"><button type="submit" name="decision" value="decline" class="secondary">${t.cancelButton}</button></p>
      </form>`,
  });
};

const profileView = (context: FlowPageContext, snapshot: SignInSnapshot) => {
  const t = context.messages;
  const { missing = 'email', errors } = snapshot.context;
  const problem = errors[missing];
  return signInPage(context, {
    title: t.flow.profileTitle,
    body: html`<p>${t.flow.profileIntro}</p>
      <form method="post" action="${context.paths.profile}" novalidate>
        ${field({
          id: missing,
          label: missing === 'email' ? t.emailLabel : t.usernameLabel,
          type: missing === 'email' ? 'email' : 'text',
          autocomplete: missing,
          error: problem && problemText(t, missing, problem),
          autofocus: true,
          required: true,
          maxLength: identifierMaxLength,
        })}
        <button type="submit">${t.flow.continueButton}</button>
      </form>`,
  });
};

const errorView = (context: FlowPageContext) => {
  const t = context.messages;
  return signInPage(context, {
    title: t.errorTitle,
    body: html`${noticePart(t.requestFailed)}
      <form method="post" action="${context.paths.retry}"><button type="submit">${t.flow.tryAgainButton}</button></form>`,
  });
};

/** The page of a flow's state; `consent`: what a third-party app's consent page asks for. */
export const flowPage = (context: FlowPageContext, snapshot: SignInSnapshot, consent?: ConsentRequest) => {
  const state = snapshot.value;
  if (state === 'terms') return termsView(context);
  if (state === 'profile') return profileView(context, snapshot);
  if (state === 'consent' && consent) return consentView(context, consent);
  if (state === 'socialError') return socialErrorView(context, snapshot);
  if (state === 'error' || typeof state !== 'object') return errorView(context);
  const screen = state.screens;
  if (screen === 'identifierSignIn' || screen === 'identifierRegister') return identifierView(context, snapshot, screen === 'identifierRegister');
  if (screen === 'password') return passwordView(context, snapshot);
  if (screen === 'register' || (screen === 'rateLimited' && snapshot.context.limited === 'register')) return registerScreen(context, snapshot);
  return signInScreen(context, snapshot);
};
