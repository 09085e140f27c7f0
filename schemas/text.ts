import * as z from 'zod/mini';

/**
 * A name shown to other people (tenant name, user name): no control characters (C0, DEL, C1) and no bidirectional
 * formatting characters, which can make a name display as something it is not.
 */
export const plainName = z.regex(
  /^[^\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u,
  'Must not contain control characters or bidirectional formatting characters.',
);
