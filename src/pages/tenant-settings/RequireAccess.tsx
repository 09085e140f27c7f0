import type { ReactNode } from 'react';
import { NotFound } from '#src/ui/NotFound.tsx';

/** A tab or page the member's access flags do not allow does not exist: it is not found. */
export function RequireAccess({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return allowed ? children : <NotFound />;
}
