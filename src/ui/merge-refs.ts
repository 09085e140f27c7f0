import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/** @floating-ui/react's `useMergeRefs` for Mantine's ScrollArea, over Mantine's own merge (see vite.scroll-area-refs.ts). */
export const useMergeRefs = <T>(refs: readonly (Ref<T> | undefined)[]) => useMergedRef<T>(...refs);
