import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { sessionMachine } from '#machines/session.machine.ts';
import { SessionView } from './SessionView.tsx';

/** Renders the running session actor; `children` receives the loaded tenants once the session is ready. */
export function SessionFlow({ actor, children }: { actor: Actor<typeof sessionMachine>; children: ReactNode }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return (
    <SessionView state={state} send={actor.send}>
      {children}
    </SessionView>
  );
}
