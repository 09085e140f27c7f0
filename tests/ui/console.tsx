// The DOM shims and the English catalog of component tests.
import './render.tsx';
import { render } from '@testing-library/react';
import { afterAll } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { createTestConsole, type ConsoleSetup } from '../support/console.tsx';

export { signedInUserId, type ConsoleSetup } from '../support/console.tsx';

type TestConsole = ReturnType<typeof createTestConsole>;
const opened = new Set<TestConsole['router']>();

/**
 * Before the test file's environment goes, the navigations its tests left under way get two seconds to finish. One that
 * finished after the environment was gone made React's update in it throw on the missing window, an unhandled error
 * that failed the run. (Some never finish, such as one an unsaved-changes question holds: hence the bound.)
 */
afterAll(async () => {
  const deadline = Date.now() + 2000;
  while ([...opened].some((router) => router.state.status === 'pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});

/** The test console rendered inside the console's providers (light theme, English). */
export function openConsole(path: string, setup: ConsoleSetup) {
  const console = createTestConsole(path, setup);
  opened.add(console.router);
  render(
    <AppProviders config={console.config} colorScheme="light">
      {console.element}
    </AppProviders>,
  );
  return console;
}
