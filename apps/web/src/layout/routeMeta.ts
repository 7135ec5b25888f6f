import { createContext, useContext } from 'react';
import type { TPageRoute } from '../app/menuRoutes';

/** The menu route a kept-alive page belongs to (its title, flags and trail). */
export const RouteMetaContext = createContext<TPageRoute | null>(null);

export function useRouteMeta(): TPageRoute | null {
  return useContext(RouteMetaContext);
}
