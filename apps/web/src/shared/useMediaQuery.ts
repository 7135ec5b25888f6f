import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows its changes (a resize, a rotation, a system setting). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The system's "reduce motion" setting (WCAG 2.3.3): the console then opens and closes without animating. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
