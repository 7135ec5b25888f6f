import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Messages browsers and bundlers give when a code chunk cannot be fetched, typically after a deployment
// replaced the hashed files (spec 8: 'Loading ... failed').
const CHUNK_ERROR_RE =
  /Loading (CSS )?chunk .* failed|Loading .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const RELOAD_MARK_KEY = 'tracehub_chunk_reload_at';
const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR_RE.test(error.message);
}

/** Reloads the page to pick up the new build; at most once per 10 s so a broken deploy cannot loop. */
export function reloadForNewChunks(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_MARK_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_MARK_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** React.lazy that turns a chunk load failure into a full page reload. */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().catch((error: unknown) => {
      // Keep the page suspended while the reload happens instead of flashing an error.
      if (isChunkLoadError(error) && reloadForNewChunks()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}
