import type { ErrorComponentProps } from '@tanstack/react-router';
import { useConfig } from '../config.ts';
import { AppError } from '../ui/AppError.tsx';
import { useServices } from './services.ts';

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** A page that failed to load or render: the generic error screen; Retry clears all tokens and reloads. */
export function RouteError({ error }: ErrorComponentProps) {
  const { isDevMode } = useConfig();
  const { clearTokensAndReload } = useServices();
  return (
    <AppError
      code={isDevMode ? codeOf(error) : undefined}
      message={error instanceof Error ? error.message : String(error)}
      stack={error instanceof Error ? error.stack : undefined}
      onRetry={() => void clearTokensAndReload()}
    />
  );
}
