import { useForm } from '@mantine/form';
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import {
  defaultBlockIssuanceOnError,
  defaultContextSamples,
  defaultTokenSamples,
  environmentVariableKeyGuard,
  environmentVariableValueGuard,
  environmentVariablesMaxCount,
  jwtSampleMaxBytes,
  jwtScriptGuard,
  jwtScriptMaxBytes,
  jwtScriptTemplate,
  maskedEnvironmentValue,
  type JwtCustomizer,
  type JwtTest,
  type JwtTokenType,
  type PutJwtCustomizer,
} from '#schemas/jwt-customizer.ts';

/** One row of the variables: a saved row keeps its value (never sent back to the console) while its value is left empty. */
export type VariableRow = { key: string; value: string; savedKey?: string };

export type JwtFormValues = {
  script: string;
  variables: VariableRow[];
  /** The samples as the JSON editors hold them (text, possibly not valid JSON yet). */
  tokenSample: string;
  contextSample: string;
  blockIssuanceOnError: boolean;
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
export const sampleText = (tokenType: JwtTokenType, which: 'token' | 'context') => pretty(which === 'token' ? defaultTokenSamples[tokenType] : defaultContextSamples[tokenType]);

/** The editor's values: the saved script's, or the template and the samples for a new one. */
export const formValuesOf = (tokenType: JwtTokenType, saved: JwtCustomizer | null): JwtFormValues => ({
  script: saved?.script ?? jwtScriptTemplate,
  variables: Object.keys(saved?.environmentVariables ?? {}).map((key) => ({ key, value: '', savedKey: key })),
  tokenSample: saved?.tokenSample ? pretty(saved.tokenSample) : sampleText(tokenType, 'token'),
  contextSample: saved?.contextSample ? pretty(saved.contextSample) : sampleText(tokenType, 'context'),
  blockIssuanceOnError: saved?.blockIssuanceOnError ?? defaultBlockIssuanceOnError,
});

/** A row left empty keeps its saved value: the API reads the mask as "the saved value of this key". */
const keepsSavedValue = (row: VariableRow) => row.value === '' && row.savedKey !== undefined && row.key === row.savedKey;

const variablesOf = (rows: VariableRow[]) =>
  Object.fromEntries(rows.filter((row) => row.key !== '' || row.value !== '').map((row) => [row.key, keepsSavedValue(row) ? maskedEnvironmentValue : row.value]));

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** A sample's JSON object, or the reason it is not one. */
export function parseSample(text: string): { value: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: t`Enter valid JSON: ${reason}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: t`Enter a JSON object.` };
  const kib = Math.round(jwtSampleMaxBytes / 1024);
  if (utf8Length(JSON.stringify(value)) > jwtSampleMaxBytes) return { error: t`A sample can be at most ${kib} KiB.` };
  return { value: value as Record<string, unknown> };
}

const scriptError = (script: string) => {
  if (z.safeParse(jwtScriptGuard, script).success) return undefined;
  const kib = jwtScriptMaxBytes / 1024;
  return script.trim() ? t`The script can be at most ${kib} KiB.` : t`Enter the script.`;
};

/** The rules of the API's guards, with the editor's messages (customize-jwt.md §2). */
export function validateJwtForm(values: JwtFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const script = scriptError(values.script);
  if (script) errors.script = script;
  const seen = new Set<string>();
  const rows = values.variables.filter((row) => row.key !== '' || row.value !== '');
  if (rows.length > environmentVariablesMaxCount) errors.variables = t`At most ${environmentVariablesMaxCount} variables.`;
  values.variables.forEach((row, index) => {
    if (row.key === '' && row.value === '') return;
    if (!z.safeParse(environmentVariableKeyGuard, row.key).success) errors[`variables.${index}.key`] = t`Use letters, digits and _, not starting with a digit, up to 64 characters.`;
    else if (seen.has(row.key)) errors[`variables.${index}.key`] = t`This key is already used.`;
    seen.add(row.key);
    if (!keepsSavedValue(row) && !z.safeParse(environmentVariableValueGuard, row.value).success) errors[`variables.${index}.value`] = t`Enter a value of up to 4,096 characters.`;
  });
  for (const field of ['tokenSample', 'contextSample'] as const) {
    const parsed = parseSample(values[field]);
    if ('error' in parsed) errors[field] = parsed.error;
  }
  return errors;
}

const sampleOf = (text: string) => {
  const parsed = parseSample(text);
  return 'value' in parsed ? parsed.value : {};
};

/** PUT's body: the whole value. */
export const putBodyOf = (values: JwtFormValues): PutJwtCustomizer => ({
  script: values.script,
  environmentVariables: variablesOf(values.variables),
  tokenSample: sampleOf(values.tokenSample),
  contextSample: sampleOf(values.contextSample),
  blockIssuanceOnError: values.blockIssuanceOnError,
});

/** A test run's body: the editor's values as they are now, saved or not. */
export const testBodyOf = (tokenType: JwtTokenType, values: JwtFormValues): JwtTest => ({
  tokenType,
  script: values.script,
  environmentVariables: variablesOf(values.variables),
  token: sampleOf(values.tokenSample),
  context: sampleOf(values.contextSample),
});

export function useJwtForm(tokenType: JwtTokenType, saved: JwtCustomizer | null) {
  return useForm<JwtFormValues>({ initialValues: formValuesOf(tokenType, saved), validate: validateJwtForm });
}
export type JwtForm = ReturnType<typeof useJwtForm>;
