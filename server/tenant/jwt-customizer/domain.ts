import {
  defaultBlockIssuanceOnError,
  isMaskedValue,
  maskedEnvironmentValue,
  reservedJwtClaims,
  type EnvironmentVariables,
  type JwtCustomizer,
  type JwtScriptProblem,
  type JwtTokenType,
  type PatchJwtCustomizer,
  type PutJwtCustomizer,
} from '#schemas/jwt-customizer.ts';
import type { Db } from '#server/db/client.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import { open, seal, type SecretsKey } from '#server/secrets-key.ts';
import type { SandboxPool } from './sandbox-pool.ts';
import * as store from './store.ts';

/** Custom JWT scripts' rules: variables sealed and masked, a script that compiles, the claims a script may add. */

const sealContext = (tenantId: string, tokenType: JwtTokenType) => `jwt-customizer:${tenantId}:${tokenType}`;

/** The saved variables, opened; none when there are none or they were sealed under a key this server does not hold. */
export const openEnvironment = (row: Pick<store.JwtCustomizerRow, 'tenantId' | 'tokenType' | 'sealedEnvironment'>): EnvironmentVariables => {
  if (!row.sealedEnvironment) return {};
  const opened = open(row.sealedEnvironment, sealContext(row.tenantId, row.tokenType));
  return opened === undefined ? {} : (JSON.parse(opened) as EnvironmentVariables);
};

const sealEnvironment = (key: SecretsKey, tenantId: string, tokenType: JwtTokenType, variables: EnvironmentVariables) =>
  Object.keys(variables).length > 0 ? seal(key, JSON.stringify(variables), sealContext(tenantId, tokenType)) : null;

/** The value as the API answers it: every variable's value masked. */
export const answerOf = (row: store.JwtCustomizerRow): JwtCustomizer => {
  const variables = openEnvironment(row);
  return {
    script: row.script,
    ...(Object.keys(variables).length > 0 ? { environmentVariables: Object.fromEntries(Object.keys(variables).map((name) => [name, maskedEnvironmentValue])) } : {}),
    ...(row.tokenSample ? { tokenSample: row.tokenSample } : {}),
    ...(row.contextSample ? { contextSample: row.contextSample } : {}),
    blockIssuanceOnError: row.blockIssuanceOnError,
  };
};

/**
 * The variables to use: the given ones, where a masked value stands for the saved value of its key. A masked value for a
 * key that has none saved is refused.
 */
export const unmaskedVariables = (given: EnvironmentVariables, saved: EnvironmentVariables): Result<EnvironmentVariables, FieldRefusal> => {
  const variables: EnvironmentVariables = {};
  for (const [name, value] of Object.entries(given)) {
    if (!isMaskedValue(value)) variables[name] = value;
    else if (saved[name] !== undefined) variables[name] = saved[name];
    else return fieldRefused(`environmentVariables.${name}`, 'A masked value stands for a saved one; this variable has none.');
  }
  return ok(variables);
};

export type ScriptRefusal = { reason: 'jwt_customizer.invalid_script'; details: JwtScriptProblem } | { reason: 'jwt_customizer.busy' };

/** Compiles the script in the sandbox and checks it defines `getCustomJwtClaims` (runs nothing of it but its top level). */
export const checkScript = async (sandbox: SandboxPool, tenantId: string, script: string): Promise<Result<void, ScriptRefusal>> => {
  const checked = await sandbox.run(tenantId, { script, check: true, input: { token: {}, context: {}, environmentVariables: {} } });
  if (checked.ok) return ok(undefined);
  if (checked.reason === 'busy') return { ok: false, reason: 'jwt_customizer.busy' };
  return { ok: false, reason: 'jwt_customizer.invalid_script', details: { message: checked.message, ...(checked.line ? { line: checked.line } : {}) } };
};

export type SaveRefusal = FieldRefusal | { reason: 'jwt_customizer.not_found' };

type SaveContext = { tx: Db; tenantId: string; tokenType: JwtTokenType; secretsKey: SecretsKey };

/** The result of a write: the row before (none when it is new) and after. */
export type Saved = { before: store.JwtCustomizerRow | undefined; after: store.JwtCustomizerRow };

/**
 * PUT (`replace`: the whole value) or PATCH (the fields given over the saved ones, which must exist). Masked variable
 * values keep the saved ones. The script is checked before (`checkScript`), outside the write's transaction.
 */
export const saveCustomizer = async (
  { tx, tenantId, tokenType, secretsKey }: SaveContext,
  input: PutJwtCustomizer | PatchJwtCustomizer,
  mode: 'replace' | 'patch',
): Promise<Result<Saved, SaveRefusal>> => {
  const before = await store.findCustomizerRow(tx, tenantId, tokenType);
  if (mode === 'patch' && !before) return { ok: false, reason: 'jwt_customizer.not_found' };
  const saved = before ? openEnvironment(before) : {};
  const base = mode === 'patch' && before ? { ...before, environmentVariables: saved } : { blockIssuanceOnError: defaultBlockIssuanceOnError };
  const merged = { ...base, ...input } as Partial<store.JwtCustomizerColumns> & PutJwtCustomizer;
  const variables = unmaskedVariables(merged.environmentVariables ?? {}, saved);
  if (!variables.ok) return variables;
  const after = await store.saveCustomizerRow(tx, tenantId, tokenType, {
    script: merged.script,
    sealedEnvironment: sealEnvironment(secretsKey, tenantId, tokenType, variables.value),
    tokenSample: merged.tokenSample ?? null,
    contextSample: merged.contextSample ?? null,
    blockIssuanceOnError: merged.blockIssuanceOnError ?? defaultBlockIssuanceOnError,
  });
  return ok({ before, after });
};

const reserved: ReadonlySet<string> = new Set(reservedJwtClaims);

/** The claims a script may add, and the reserved ones it tried to set (dropped). */
export const keptClaims = (claims: Record<string, unknown>) => {
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(claims)) {
    if (reserved.has(name)) dropped.push(name);
    else kept[name] = value;
  }
  return { claims: kept, droppedClaims: dropped };
};
