import { create } from 'zustand';
import type { TMenuNode, TUserInfo } from '@tracehub/contract';
import { getToken } from '../api/token';

/** idle: nothing loaded for the token yet; loading: user info and menus in flight; ready: loaded or failed. */
export type TSessionStatus = 'idle' | 'loading' | 'ready';

interface TSessionState {
  token: string | null;
  status: TSessionStatus;
  userInfo: TUserInfo | null;
  menus: TMenuNode[];
}

const initialState = (): TSessionState => ({
  token: getToken() ?? null,
  status: 'idle',
  userInfo: null,
  menus: [],
});

/**
 * The signed-in session as the client knows it (spec 3 "Client state"). The token itself lives in its cookie;
 * this mirror lets the guard and the layout re-render when it changes.
 */
export const useSession = create<TSessionState>()(() => initialState());

export function resetSession(): void {
  useSession.setState({ ...initialState(), token: null });
}
