import { useRouterState } from '@tanstack/react-router';
import { SessionFlow } from '../flows/session/SessionFlow.tsx';
import { AppProviders } from './AppProviders.tsx';
import { ConsoleRouterProvider } from './ConsoleRouterProvider.tsx';
import type { ConsoleApp } from './bootstrap.ts';
import { forcedColorSchemeOf } from './router.ts';
import { ServicesContext } from './services.ts';

export function App({ app }: { app: ConsoleApp }) {
  const { config, router, session, services } = app;
  const colorScheme = useRouterState({ router, select: (state) => forcedColorSchemeOf(state.matches) });
  return (
    <AppProviders config={config} colorScheme={colorScheme}>
      <ServicesContext.Provider value={services}>
        <SessionFlow actor={session}>
          <ConsoleRouterProvider router={router} />
        </SessionFlow>
      </ServicesContext.Provider>
    </AppProviders>
  );
}
