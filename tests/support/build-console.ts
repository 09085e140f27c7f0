import { build } from 'vite';

/** Builds the console once before the end-to-end suites, so the server serves the current source as users get it. */
export default async function setup() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // Vitest sets 'test', which would bundle React's development build
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
