import { createContext, useContext } from 'react';

/** Lets the invite modal tell the invitations list that it changed. */
export type InvitationsRefresh = { version: number; changed: () => void };

export const InvitationsRefreshContext = createContext<InvitationsRefresh>({ version: 0, changed: () => {} });

export const useInvitationsRefresh = () => useContext(InvitationsRefreshContext);
