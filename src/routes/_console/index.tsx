import { createFileRoute } from '@tanstack/react-router';
import { IndexRouteFlow } from '#src/flows/index-route/IndexRouteFlow.tsx';

export const Route = createFileRoute('/_console/')({ component: IndexRouteFlow });
