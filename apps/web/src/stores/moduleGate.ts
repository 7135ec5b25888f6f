import { create } from 'zustand';
import { useSession } from './session';

interface TModuleGateState {
  /**
   * Paths whose page was answered B2030 (module not configured, spec 6) by the server: they show the
   * message instead of the page until the tab is refreshed or the session changes.
   */
  blocked: ReadonlySet<string>;
}

export const useModuleGate = create<TModuleGateState>()(() => ({ blocked: new Set<string>() }));

export function blockPage(pathname: string): void {
  const { blocked } = useModuleGate.getState();
  if (!blocked.has(pathname)) useModuleGate.setState({ blocked: new Set([...blocked, pathname]) });
}

/** Lets a page try again (tab refresh): the server answers B2030 anew if it is still not configured. */
export function unblockPage(pathname: string): void {
  const { blocked } = useModuleGate.getState();
  if (!blocked.has(pathname)) return;
  const next = new Set(blocked);
  next.delete(pathname);
  useModuleGate.setState({ blocked: next });
}

// What was refused belongs to one session in one enterprise: a new token or an enterprise switch (the
// session reloads from 'idle') starts with nothing blocked.
useSession.subscribe((state, previous) => {
  const reloaded = state.status === 'idle' && previous.status !== 'idle';
  if ((state.token !== previous.token || reloaded) && useModuleGate.getState().blocked.size > 0) {
    useModuleGate.setState({ blocked: new Set<string>() });
  }
});
