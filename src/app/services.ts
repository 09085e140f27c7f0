import { createContext, useContext } from 'react';
import type { PreferencesStore } from '../preferences/store.ts';

/** App-wide actions the shell's parts call. */
export type ConsoleServices = {
  preferences: PreferencesStore;
  signOut: () => void;
  /** The error page's Retry: clears all tokens and reloads. */
  clearTokensAndReload: () => Promise<void>;
};

export const ServicesContext = createContext<ConsoleServices | undefined>(undefined);

export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext');
  return services;
}
