import { build } from 'vite';

/**
 * Builds the console as users get it (`npm run bench`), its files precompressed at `effort`; the environment is left as
 * it was.
 */
export async function buildConsole(effort: 'fast' | 'smallest' = 'smallest') {
  const { NODE_ENV: nodeEnv, GATEHOUSE_PRECOMPRESS: precompress } = process.env;
  process.env.NODE_ENV = 'production'; // Vitest sets 'test', which would bundle React's development build
  process.env.GATEHOUSE_PRECOMPRESS = effort;
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
    if (precompress === undefined) delete process.env.GATEHOUSE_PRECOMPRESS;
    else process.env.GATEHOUSE_PRECOMPRESS = precompress;
  }
}

/**
 * Vitest global setup: builds the console once before the end-to-end suites, so the server serves the current source,
 * precompressed as for users but at the effort of a compressed answer (the smallest takes the build half a minute).
 */
export default function setup() {
  return buildConsole('fast');
}
