import { createContext, useContext } from 'react';
import type { ParlorClient } from '../net/client.js';
import { type AppState, type Store, useStore } from '../state/store.js';

export interface Services { readonly client: ParlorClient; readonly store: Store; navigate(path: string): void }
export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (s === null) throw new Error('ServicesContext missing');
  return s;
}

export function useApp<T>(select: (s: AppState) => T): T {
  return useStore(useServices().store, select);
}
