import { build } from 'vite';

/** Builds the console once before the end-to-end suites, so the server serves the current source as users get it. */
export default async function setup() {
  const { NODE_ENV: nodeEnv, GATEHOUSE_PRECOMPRESS: precompress } = process.env;
  process.env.NODE_ENV = 'production'; // Vitest sets 'test', which would bundle React's development build
  process.env.GATEHOUSE_PRECOMPRESS = 'fast'; // the files served precompressed, as built for users, at a lower effort
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
    if (precompress === undefined) delete process.env.GATEHOUSE_PRECOMPRESS;
    else process.env.GATEHOUSE_PRECOMPRESS = precompress;
  }
}
