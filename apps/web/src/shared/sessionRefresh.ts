import { api, type TUserInfo } from '@tracehub/contract';
import { call } from '../api/client';
import { useSession } from '../stores/session';

/** Puts a user-info answer (profile edits return it) into the session, so every screen shows the change. */
export function applyUserInfo(userInfo: TUserInfo): void {
  useSession.setState({ userInfo });
}

/**
 * Reloads user info, and the menu when permissions may have changed (an administrator transfer), without
 * leaving the page or showing the full-page loading of a first load.
 */
export async function refreshSession({ menus = false }: { menus?: boolean } = {}): Promise<void> {
  const [userInfo, menuTree] = await Promise.all([
    call(api.user.selectUserInfo, {}, { silent: true }),
    menus ? call(api.user.selectMenusByUserId, {}, { silent: true }) : Promise.resolve(null),
  ]);
  useSession.setState(menuTree ? { userInfo, menus: menuTree } : { userInfo });
}
