import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';

/** The editor's actions (customize-jwt.md §0): `create` with a saved script edits it; `edit` without one creates. */
export const jwtEditorActions = ['create', 'edit'] as const;
export type JwtEditorAction = (typeof jwtEditorActions)[number];


/** Each token type's card and editor: its name and what its claims are for. */
export const tokenTypeNames: Record<JwtTokenType, { title: MessageDescriptor; description: MessageDescriptor }> = {
  'access-token': {
    title: msg`User access token`,
    description: msg`Add claims to the access tokens users get when they sign in to an app: their roles, their plan, data from your own services.`,
  },
  'client-credentials': {
    title: msg`Machine-to-machine access token`,
    description: msg`Add claims to the access tokens machine-to-machine apps get with their credentials.`,
  },
};
