import { createFileRoute } from '@tanstack/react-router';
import { ConsoleNotFound, ConsoleShell } from '../app/ConsoleShell.tsx';

export const Route = createFileRoute('/_console')({ component: ConsoleShell, notFoundComponent: ConsoleNotFound });
