import type { Meta } from '@storybook/react-vite';
import { jwtCustomizerKeys, jwtScriptTemplate, maskedEnvironmentValue, type JwtCustomizer, type JwtTestFailure, type JwtTestResult, type JwtTokenType } from '#schemas/jwt-customizer.ts';
import type { ApiClient } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createJwtCustomizerApi } from '#src/api/management/jwt-customizer.ts';
import { answer, quotaExceeded, renderConsole, type Answer } from '../support/fake-api.ts';

/** The saved script of each token type (none when absent). */
export type SavedScripts = Partial<Record<JwtTokenType, JwtCustomizer>>;

export type Args = {
  path: string;
  saved: Answer<SavedScripts>;
  planId: string;
  /** What POST /test answers: the result, a failed run's details, or never. */
  test?: JwtTestResult | JwtTestFailure | 'loading';
  /** What PUT answers: the saved value (default), a compile error on a line, or the plan's refusal. */
  save?: 'saved' | { line: number; message: string } | 'quota';
};

export const savedScript: JwtCustomizer = {
  script: jwtScriptTemplate.replace('return {};', 'return { plan: context.user.customData.plan ?? "free", tier: environmentVariables.TIER };'),
  environmentVariables: { TIER: maskedEnvironmentValue, API_KEY: maskedEnvironmentValue },
  tokenSample: { jti: 'abc', aud: 'https://api.example.com', accountId: 'u1', grantId: 'g1', gty: 'authorization_code', kind: 'AccessToken' },
  contextSample: { user: { id: 'u1', customData: { plan: 'pro' }, roles: [] } },
  blockIssuanceOnError: true,
};

const isFailure = (value: JwtTestResult | JwtTestFailure): value is JwtTestFailure => 'code' in value;

const fakeJwtCustomizer = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  jwtCustomizer: {
    ...createJwtCustomizerApi(client.tenant),
    listJwtCustomizers: async () =>
      Object.entries(await answer(args.saved)).map(([tokenType, value]) => ({ key: jwtCustomizerKeys[tokenType as JwtTokenType], value: value! })),
    getJwtCustomizer: async (_tenantId, tokenType) => (await answer(args.saved))[tokenType] ?? null,
    putJwtCustomizer: async (_tenantId, _tokenType, body) => {
      const save = args.save ?? 'saved';
      if (save === 'quota') throw quotaExceeded({ customJwtEnabled: 0 });
      if (save !== 'saved') {
        const message = 'The script does not compile.';
        throw new ApiError(message, 400, { code: 'jwt_customizer.invalid_script', message, details: save });
      }
      const variables = Object.fromEntries(Object.keys(body.environmentVariables ?? {}).map((key) => [key, maskedEnvironmentValue]));
      return { ...body, environmentVariables: variables, blockIssuanceOnError: body.blockIssuanceOnError ?? true };
    },
    deleteJwtCustomizer: async () => {},
    testJwtCustomizer: async () => {
      const result = args.test ?? { claims: { plan: 'pro' }, droppedClaims: [], consoleOutput: { lines: [], truncated: false }, durationMs: 3 };
      if (result === 'loading') return new Promise<never>(() => {});
      if (isFailure(result)) throw new ApiError(result.message, 422, { code: 'jwt_customizer.general', message: result.message, details: result });
      return result;
    },
  },
});

/** Custom JWT inside the real console routes, with the management API faked per story. */
export const customizeJwtMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeJwtCustomizer(args), { planId: args.planId }),
  args: { path: '/acme/customize-jwt', saved: {}, planId: 'pro' },
};
