import * as z from 'zod/mini';

/**
 * A BCP 47 language tag in its canonical case (RFC 5646 §2.1.1): language, then optional script, region and variants
 * (`en`, `pt-BR`, `zh-Hant-TW`, `de-CH-1996`). One spelling per language, so `EN` and `en` are not two languages.
 */
export const languageTagPattern = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?(-([a-z\d]{5,8}|\d[a-z\d]{3}))*$/;
export const languageTagMaxLength = 35;
export const isLanguageTag = (value: string) => value.length <= languageTagMaxLength && languageTagPattern.test(value);
export const languageTagMessage = 'Must be a language tag such as en, pt-BR or zh-Hant-TW.';
export const languageTagGuard = z.string().check(z.refine(isLanguageTag, languageTagMessage));
