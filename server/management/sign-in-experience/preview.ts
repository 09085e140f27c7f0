import { Hono } from 'hono';
import * as z from 'zod/mini';
import { locales } from '#schemas/locales.ts';
import { signInExperienceGuard } from '#schemas/sign-in-experience.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { createNonce } from '#server/pages/layout.ts';
import { previewPage, previewScreens } from '#server/pages/preview.ts';
import { experienceOfSettings, withApplicationOf } from '#server/sign-in/experience.ts';
import { passwordlessConnectors } from '#server/tenant/connectors/runtime.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';

const previewGuard = z.strictObject({
  settings: signInExperienceGuard,
  screen: z.enum(previewScreens),
  language: z.enum(locales),
  applicationId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});

/** The sign-in page of an unsaved sign-in experience, rendered by the pages' own code for the console's preview. */
export const signInPreviewRoutes = (db: Db, { access }: ManagementKit) => {
  const app = new Hono<ManagementEnv>();
  routerOf(app, access).post('/sign-in-exp/preview', {
    scope: 'read:data',
    summary: "Render the sign-in page of a draft sign-in experience, with an application's own experience over it when one is named.",
    body: previewGuard,
    response: z.object({ html: z.string() }),
  }, async (c, { body: { settings, screen, language, applicationId } }) => {
    const experience = experienceOfSettings(settings);
    const shown = applicationId ? await withApplicationOf(db, c.var.tenant.id, applicationId, experience) : experience;
    // The code methods show as the live page shows them: only with the tenant's connectors.
    const connectors = await passwordlessConnectors(db, c.var.tenant.id);
    return c.json({ html: String(await previewPage(shown, screen, language, createNonce(), connectors)) });
  });
  return app;
};
