import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { WriteOptions } from './mutation.ts';

/** Runs a write that is not a hook's (a flow's effect) as a mutation, so that it counts as a write like any other. */
export const runMutation = <T>(queryClient: QueryClient, write: () => Promise<T>, { handles }: WriteOptions = {}): Promise<T> =>
  new MutationObserver(queryClient, { mutationFn: write, meta: { handles } }).mutate();
