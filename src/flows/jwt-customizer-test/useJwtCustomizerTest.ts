import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { jwtCustomizerTestMachine } from '#machines/jwt-customizer-test.machine.ts';
import type { JwtTest, JwtTestResult } from '#schemas/jwt-customizer.ts';
import { useTestJwtCustomizer } from '#src/data/jwt-customizer.ts';

/** The Test of the custom JWT editor: the unsaved script runs on the server's sandbox against the samples. */
export function useJwtCustomizerTest() {
  const test = useTestJwtCustomizer();
  return useMachine(jwtCustomizerTestMachine.provide({ actors: { run: fromPromise<JwtTestResult, JwtTest>(({ input }) => test(input)) } }));
}
