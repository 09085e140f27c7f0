import * as z from 'zod/mini';
import { plainName } from './text.ts';
import { isWebUrl } from './url.ts';

export const brandingUrlMaxLength = 2048;
export const displayNameMaxLength = 256;

/** A colour (spec 02 §5): hex of 3 or 6 digits. */
export const hexColorPattern = /^#([\da-f]{3}|[\da-f]{6})$/i;

/** #rgb as #rrggbb; a #rrggbb colour as it is. */
export const expandHexColor = (color: string) => (color.length === 4 ? color.replaceAll(/[^#]/g, (digit) => digit + digit) : color);

/** An http(s) URL on a host name: what a sign-in page may link to or load an image from. */
export const isHttpUrl = isWebUrl;

const color = z.string().check(z.regex(hexColorPattern, 'Must be a hex colour such as #5d34f2 or #53f.'));
const url = z.nullable(z.string().check(z.maxLength(brandingUrlMaxLength), z.refine(isHttpUrl, 'Must be an http(s) URL.')));

/**
 * An application's own sign-in experience (spec 02 §3, applications.md §7): when a sign-in request carries its
 * client_id, its colours and logo replace the tenant's, and its name, terms and privacy policy are shown.
 */
export const applicationSignInExperienceGuard = z.strictObject({
  color: z.strictObject({ primaryColor: z.nullable(color), darkPrimaryColor: z.nullable(color) }),
  branding: z.strictObject({ logoUrl: url, darkLogoUrl: url }),
  termsOfUseUrl: url,
  privacyPolicyUrl: url,
  displayName: z.nullable(z.string().check(z.trim(), z.maxLength(displayNameMaxLength), plainName)),
});
export type ApplicationSignInExperience = z.infer<typeof applicationSignInExperienceGuard>;
