import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export const Route = createFileRoute('/')({ component: () => <p><Trans>Hello</Trans></p> });
