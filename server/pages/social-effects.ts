import type { SocialOutcome, SocialStart, StartSocialInput, VerifySocialInput } from '#machines/sign-in.machine.ts';
import type { SocialAccount } from '../tenant/users/social-sign-in.ts';
import type { FlowRequest } from './sign-in-effects.ts';
import type { InteractionStep } from './sign-in-site.ts';

/** A social button of the sign-in pages: the connector's target, and its name and logos as its admin set them. */
export type SocialButton = { target: string; name: Record<string, string>; logo: string; logoDark: string | null };

/** What a site's sign-in pages can do with social connectors (a tenant's; the console's own pages have none). */
export type SocialSite = {
  /** The buttons of these targets the site has connectors for, in that order. */
  buttons: (targets: string[]) => Promise<SocialButton[]>;
  start: (target: string, uid: string) => Promise<SocialStart>;
  verify: (
    input: VerifySocialInput,
    account: { mayRegister: boolean; applicationId: string },
  ) => Promise<{ outcome: SocialOutcome; account?: SocialAccount; identity?: string }>;
};

type Log = { step: (step: InteractionStep) => Promise<void> };

/** The audit log's steps after the provider's answer (spec 02 §3's keys): the verification, then who it signed in or registered. */
const accountSteps = (account: SocialAccount, verified: InteractionStep): InteractionStep[] => {
  if (!account.ok && account.reason === 'identity_not_exist') {
    return [verified, { key: 'Interaction.SignIn.Identifier.Submit', result: 'Error', error: { code: 'user.identity_not_exist' } }];
  }
  const userId = account.accountId;
  if (!account.ok) return [{ ...verified, userId }, { key: 'Interaction.SignIn.Submit', result: 'Error', error: { code: 'user.suspended' }, userId }];
  if (account.how === 'registered') {
    return [{ ...verified, userId }, { key: 'Interaction.Register.Identifier.Submit', userId }, { key: 'Interaction.Register.Submit', userId }];
  }
  return [{ ...verified, userId, linked: account.how === 'linked' }, { key: 'Interaction.SignIn.Identifier.Submit', userId }, { key: 'Interaction.SignIn.Submit', userId }];
};

/** The social effects of a sign-in flow's step: the way out to the provider and the way back, each in the audit log. */
export const socialEffects = ({ site, interaction, rules }: FlowRequest, log: Log) => ({
  startSocial: async ({ target }: StartSocialInput): Promise<SocialStart> => {
    const started = site.social ? await site.social.start(target, interaction.uid) : { ok: false as const, error: { code: 'connector.not_found' } };
    const step = { key: 'Interaction.SignIn.Verification.Social.Create', target };
    await log.step(started.ok ? { ...step, connectorId: started.connectorId } : { ...step, result: 'Error', error: started.error });
    return started;
  },
  verifySocial: async (input: VerifySocialInput): Promise<SocialOutcome> => {
    if (!site.social) return { ok: false, error: { code: 'connector.not_found' } };
    const { outcome, account, identity } = await site.social.verify(input, { mayRegister: rules.signInMode !== 'SignIn', applicationId: String(interaction.params.client_id) });
    const verified: InteractionStep = { key: 'Interaction.SignIn.Verification.Social.Submit', target: input.target, connectorId: input.connectorId, identity };
    const steps = account ? accountSteps(account, verified) : [{ ...verified, result: 'Error' as const, error: outcome.ok ? undefined : outcome.error }];
    for (const step of steps) await log.step(step);
    if (!outcome.ok) return outcome;
    const registered = account?.ok === true && account.how === 'registered';
    // Without the profile, the flow asks for nothing the sign-up would need.
    return rules.socialSkipsProfile ? { ok: true, accountId: outcome.accountId, registered } : { ...outcome, registered };
  },
});
