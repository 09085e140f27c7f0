import { acceptInvitationPath, signInCallbackPath, signUpSearchParam } from '../schemas/constants.ts';

/** A console location relative to the console's base path, as saved before sign-in and restored after it. */
export type SavedLocation = { pathname: string; search: string; hash: string };

export const isSignInCallback = ({ pathname }: SavedLocation) => pathname === signInCallbackPath;

/** `?sign_up=true` or an invitation-accept path starts sign-in in sign-up mode (spec 01 §2). */
export const isSignUpLocation = ({ pathname, search }: SavedLocation) =>
  new URLSearchParams(search).get(signUpSearchParam) === 'true' || pathname.startsWith(`${acceptInvitationPath}/`);
