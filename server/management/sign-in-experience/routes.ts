import { Hono, type Context } from 'hono';
import type { Edition } from '#schemas/config.ts';
import { customPhraseGuard, translationGuard, translationProblem } from '#schemas/custom-phrases.ts';
import { isLanguageTag, languageTagMessage } from '#schemas/language-tag.ts';
import { signInExperienceGuard, signInExperiencePatchGuard } from '#schemas/sign-in-experience.ts';
import * as z from 'zod/mini';
import { etagHeader, etagOf, ifMatchOf } from '#server/api/etag.ts';
import { answered, HttpError } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import { passwordlessConnectors, socialConnectorsOf } from '#server/tenant/connectors/runtime.ts';
import { checkSignInExperience, type SignInExperienceContext } from '#server/tenant/sign-in-experience/rules.ts';
import * as store from '#server/tenant/sign-in-experience/store.ts';
import { changesOf, creationOf, deletionOf } from '../audit.ts';
import { invalidField, notFound } from '../errors.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';
import { ruleCodes, ruleMessages } from './messages.ts';
import { baseLocaleOf, pageLocales } from '#server/pages/messages.ts';
import { builtInPhrases } from '#server/pages/phrases.ts';

const versionConflict = () =>
  new HttpError(
    'sign_in_experiences.version_conflict',
    'Someone else saved the sign-in experience after you loaded it. Reload it to see their changes, then make yours again.',
  );

const invalidStructure = (problem: string) =>
  new HttpError('localization.invalid_translation_structure', `The phrases must be an object of phrases (strings) and objects of phrases: ${problem}`);

/** The tenant's setup that the rules check a document against: its connectors and custom languages. */
const ruleContext = async (tx: Db, tenantId: string): Promise<SignInExperienceContext> => ({
  connectors: await passwordlessConnectors(tx, tenantId),
  socialTargets: (await socialConnectorsOf(tx, tenantId)).map((connector) => connector.target),
  customLanguages: await store.customLanguages(tx, tenantId),
});

/** The language tag of the path, or 400. */
const languageTagOf = (c: Context) => {
  const tag = c.req.param('languageTag') ?? '';
  if (!isLanguageTag(tag)) throw invalidField('languageTag', languageTagMessage, 'path');
  return tag;
};

/** The tenant's sign-in experience and its custom phrases (sign-in-experience.md §8). */
export const signInExperienceRoutes = (db: Db, { access, withTenantWrite }: ManagementKit, { edition }: { edition: Edition }) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/sign-in-exp', {
    scope: 'read:data',
    summary: "The tenant's sign-in experience, its version in the ETag header.",
    response: signInExperienceGuard,
    versioned: true,
  }, async (c) => {
    const { settings, version } = await store.readSignInExperience(db, c.var.tenant.id, edition);
    c.header(etagHeader, etagOf(version));
    return c.json(settings);
  });

  /** Each key given replaces the stored one; the whole document must then follow the rules. */
  routes.patch('/sign-in-exp', {
    scope: 'write:data',
    summary: "Replace the given keys of the tenant's sign-in experience; with If-Match, only while that version is the stored one.",
    body: signInExperiencePatchGuard,
    response: signInExperienceGuard,
    versioned: true,
    errors: [...ruleCodes, 'sign_in_experiences.version_conflict'],
  }, async (c, { body: patch }) => {
    const matches = ifMatchOf(c.req.header('if-match'));
    const saved = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const current = await store.readSignInExperience(tx, tenant.id, edition);
      if (matches && !matches(current.version)) throw versionConflict();
      const checked = checkSignInExperience({ ...current.settings, ...patch }, await ruleContext(tx, tenant.id));
      if (!checked.ok && checked.reason === 'guard.invalid_input') throw invalidField(checked.field, checked.message);
      const settings = answered(checked, ruleMessages);
      const version = await store.writeSignInExperience(tx, tenant.id, settings, current.version);
      if (version === undefined) throw versionConflict();
      await log({ key: 'Management.SignInExperience.Updated', targetId: tenant.id, changes: changesOf(current.settings, settings) });
      return { settings, version };
    });
    c.header(etagHeader, etagOf(saved.version));
    return c.json(saved.settings);
  });

  routes.get('/sign-in-exp/phrases/:languageTag', {
    scope: 'read:data',
    summary:
      "The sign-in pages' built-in text that a language's custom phrases go over, key by key: the closest built-in language's (`languageTag` in the answer), else English; `{name}` where a text names something.",
    response: customPhraseGuard,
    errors: ['guard.invalid_input'],
  }, (c) => {
    const locale = baseLocaleOf(languageTagOf(c));
    return c.json({ languageTag: locale, translation: builtInPhrases(pageLocales[locale]) });
  });

  routes.get('/custom-phrases', {
    scope: 'read:data',
    summary: "The tenant's custom phrases of its sign-in pages, one entry per language.",
    response: z.array(customPhraseGuard),
  }, async (c) => c.json(await store.listCustomPhrases(db, c.var.tenant.id)));

  routes.get('/custom-phrases/:languageTag', {
    scope: 'read:data',
    summary: "The tenant's custom phrases of one language.",
    response: customPhraseGuard,
    errors: ['guard.invalid_input', 'entity.not_exists_with_id'],
  }, async (c) => {
    const languageTag = languageTagOf(c);
    const phrase = await store.findCustomPhrase(db, c.var.tenant.id, languageTag);
    if (!phrase) throw notFound(languageTag);
    return c.json(phrase);
  });

  routes.put('/custom-phrases/:languageTag', {
    scope: 'write:data',
    summary: 'Set the custom phrases of one language, replacing those it had: an object of phrases and objects of phrases.',
    body: translationGuard,
    response: customPhraseGuard,
    errors: ['localization.invalid_translation_structure'],
    refuse: { body: (raw) => (raw === undefined ? undefined : invalidStructure(translationProblem(raw) ?? 'invalid')) },
  }, async (c, { body: translation }) => {
    const languageTag = languageTagOf(c);
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = await store.findCustomPhrase(tx, tenant.id, languageTag);
      await store.upsertCustomPhrase(tx, tenant.id, languageTag, translation);
      const after = { languageTag, translation };
      await log(
        before
          ? { key: 'Management.CustomPhrase.Updated', targetId: languageTag, changes: changesOf(before, after) }
          : { key: 'Management.CustomPhrase.Created', targetId: languageTag, changes: creationOf(after) },
      );
    });
    return c.json({ languageTag, translation });
  });

  routes.delete('/custom-phrases/:languageTag', {
    scope: 'delete:data',
    summary: 'Delete the custom phrases of one language; not those of the fallback language.',
    errors: ['guard.invalid_input', 'entity.not_exists_with_id', 'localization.cannot_delete_default_language'],
  }, async (c) => {
    const languageTag = languageTagOf(c);
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { settings } = await store.readSignInExperience(tx, tenant.id, edition);
      const before = await store.findCustomPhrase(tx, tenant.id, languageTag);
      if (!before) throw notFound(languageTag);
      if (settings.languageInfo.fallbackLanguage === languageTag) {
        throw new HttpError('localization.cannot_delete_default_language', `${languageTag} is the fallback language of the sign-in pages: choose another one first.`);
      }
      await store.deleteCustomPhrase(tx, tenant.id, languageTag);
      await log({ key: 'Management.CustomPhrase.Deleted', targetId: languageTag, changes: deletionOf(before) });
    });
    return c.body(null, 204);
  });

  return app;
};
