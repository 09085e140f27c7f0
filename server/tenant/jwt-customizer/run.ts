import type { EnvironmentVariables, JwtConsoleOutput } from '#schemas/jwt-customizer.ts';
import { keptClaims } from './domain.ts';
import type { SandboxNetwork } from './sandbox-fetch.ts';
import type { SandboxOutcome, SandboxPool } from './sandbox-pool.ts';

/** `network`: where the script's `fetch` may go (sandboxNetworkOf). */
export type CustomizerRun = { script: string; token: unknown; context: unknown; environmentVariables: EnvironmentVariables; network: SandboxNetwork };

export type CustomizerOutcome =
  | { ok: true; claims: Record<string, unknown>; droppedClaims: string[]; consoleOutput: JwtConsoleOutput; durationMs: number }
  | Extract<SandboxOutcome, { ok: false }>;

/** Runs a script in the sandbox for the tenant; its claims without the reserved ones. */
export const runCustomizer = async (sandbox: SandboxPool, tenantId: string, run: CustomizerRun): Promise<CustomizerOutcome> => {
  const outcome = await sandbox.run(tenantId, { script: run.script, network: run.network, input: { token: run.token, context: run.context, environmentVariables: run.environmentVariables } });
  if (!outcome.ok) return outcome;
  return { ...outcome, ...keptClaims(outcome.claims) };
};
