/**
 * camelcase-keys as the sign-in client calls it: one level of an OpenID Connect answer (discovery, a token response),
 * whose keys are snake_case ASCII. The console's build gives this module to @logto/js in the package's place
 * (vite.logto-camelcase.ts), which brought camelcase, map-obj and an LRU cache (about 2.5 kB gzip) to the first
 * screen. tests/unit/slim-dependencies.test.ts checks it against the package on such answers.
 */
const camelCase = (key: string) => key.replace(/[_.\- ]+([a-zA-Z\d])/g, (_, letter: string) => letter.toUpperCase()).replace(/^[A-Z]/, (letter) => letter.toLowerCase());

export default function camelcaseKeys(input: unknown): unknown {
  if (Array.isArray(input)) return input.map((item: unknown) => camelcaseKeys(item));
  if (typeof input !== 'object' || input === null) return input;
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [camelCase(key), value]));
}
