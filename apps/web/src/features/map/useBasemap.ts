import { useEffect, useState } from 'react';
import { loadBasemap, type TBasemap } from './naturalEarth';

/** The bundled basemap once its chunk has loaded; null before (and if it cannot load: the sea alone). */
export function useBasemap(): TBasemap | null {
  const [basemap, setBasemap] = useState<TBasemap | null>(null);
  useEffect(() => {
    let current = true;
    // A failed chunk (a deployment replaced it) leaves the sea with the points and lines on it.
    loadBasemap().then(
      (loaded) => {
        if (current) setBasemap(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return basemap;
}
