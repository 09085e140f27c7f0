import { MutationObserver, type QueryClient } from '@tanstack/react-query';

/** Runs a write that is not a hook's (a flow's effect) as a mutation, so that it counts as a write like any other. */
export const runMutation = <T>(queryClient: QueryClient, write: () => Promise<T>): Promise<T> =>
  new MutationObserver(queryClient, { mutationFn: write }).mutate();
