import { RouterProvider, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { SessionFlow } from '../flows/session/SessionFlow.tsx';
import { AppProviders } from './AppProviders.tsx';
import type { ConsoleApp } from './bootstrap.ts';
import { forcedColorSchemeOf } from './router.ts';
import { ServicesContext } from './services.ts';

export function App({ app }: { app: ConsoleApp }) {
  const { config, router, session, services } = app;
  const tenants = useSelector(session, (snapshot) => snapshot.context.tenants);
  const colorScheme = useRouterState({ router, select: (state) => forcedColorSchemeOf(state.matches) });
  return (
    <AppProviders config={config} colorScheme={colorScheme}>
      <ServicesContext.Provider value={services}>
        <SessionFlow actor={session}>
          <RouterProvider router={router} context={{ tenants }} />
        </SessionFlow>
      </ServicesContext.Provider>
    </AppProviders>
  );
}
