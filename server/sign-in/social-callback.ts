import { Hono } from 'hono';
import type { PendingSocial } from '#machines/sign-in.machine.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createNonce, pageSecurityHeaders } from '../pages/layout.ts';
import { pageLocales, pickLocale } from '../pages/messages.ts';
import { signInFlowStore } from '../pages/sign-in-flow-store.ts';
import { socialReturnPath } from '../pages/sign-in-pages.ts';
import type { Ctx, Env } from '../pages/sign-in-site.ts';
import { socialSignInLocales } from '../pages/social-messages.ts';
import { messageView } from '../pages/views.ts';
import type { TenantRuntimes } from '../tenant-runtime/provider.ts';
import { signInExperienceOf } from './experience.ts';
import { tenantPagesPath } from './routes.ts';

/** Where providers send the browser back (socialCallbackUri): `/t/{tenantId}/callback/{connectorId}`. */
export const tenantSocialCallbackPath = '/t/:tenantId/callback';

/**
 * The social callback (connectors.md §7). The state names its interaction (`{uid}.{random}`): the interaction is found
 * by it, and only a sign-in waiting at this very connector with this very state is answered, by sending the browser
 * back to that sign-in's pages (where its interaction cookie is) with the provider's answer; the flow checks the state
 * again and exchanges the code there. Anything else (no state, another one, one already used) gets an error page.
 */
export const socialCallbackRoutes = (db: Db, runtimes: Pick<TenantRuntimes, 'providerOf'>, config: Pick<ServerConfig, 'edition'>) => {
  const app = new Hono<Env>();

  const refused = async (c: Ctx, tenantId: string) => {
    const experience = await signInExperienceOf(db, tenantId, config.edition).catch(() => undefined);
    const locale = pickLocale(undefined, c.req.header('accept-language'), experience?.settings.languageInfo);
    const nonce = createNonce();
    const t = socialSignInLocales[locale];
    const page = experience ? messageView({ locale, nonce, messages: pageLocales[locale], experience }, t.errorTitle, t.invalidState) : t.invalidState;
    return c.html(page, 400, pageSecurityHeaders(nonce));
  };

  const relay = async (c: Ctx, data: Record<string, string>) => {
    const tenantId = c.req.param('tenantId') ?? '';
    const state = data.state ?? '';
    const uid = state.split('.')[0] ?? '';
    const provider = uid ? await runtimes.providerOf(tenantId) : undefined;
    const interaction = provider && (await provider.Interaction.find(uid));
    const flow = interaction ? await signInFlowStore(db, tenantId).read(uid) : undefined;
    const pending = flow?.value === 'socialRedirect' ? (flow.context as { social?: PendingSocial }).social : undefined;
    if (!pending || pending.state !== state || pending.connectorId !== c.req.param('connectorId')) return refused(c, tenantId);
    return c.redirect(`${socialReturnPath(tenantPagesPath(tenantId), uid)}?${new URLSearchParams(data)}`, 303);
  };

  const strings = (form: Record<string, unknown>) => Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  app.get('/:connectorId', (c) => relay(c, c.req.query()));
  // Providers that answer with a form post (response_mode=form_post, as Apple does).
  app.post('/:connectorId', async (c) => relay(c, strings(await c.req.parseBody())));
  return app;
};
