import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '#src/pages/profile/ProfilePage.tsx';

export const Route = createFileRoute('/_console/profile/')({ component: ProfilePage });
