// The DOM shims and the English catalog of component tests.
import './render.tsx';
import { render } from '@testing-library/react';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { createTestConsole, type ConsoleSetup } from '../support/console.tsx';

export { signedInUserId, type ConsoleSetup } from '../support/console.tsx';

/** The test console rendered inside the console's providers (light theme, English). */
export function openConsole(path: string, setup: ConsoleSetup) {
  const console = createTestConsole(path, setup);
  render(
    <AppProviders config={console.config} colorScheme="light">
      {console.element}
    </AppProviders>,
  );
  return console;
}
