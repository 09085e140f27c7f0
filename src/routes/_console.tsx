import { createFileRoute } from '@tanstack/react-router';
import { ConsoleShell } from '../app/ConsoleShell.tsx';

export const Route = createFileRoute('/_console')({ component: ConsoleShell });
