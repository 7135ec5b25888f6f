import { useMemo } from 'react';
import { useSession } from '../stores/session';

/**
 * Whether the session may use an action: no code means everyone may; otherwise the menu must grant it, or
 * one of several codes that each allow it (an endpoint's "any of" permission).
 */
export type TCan = (code: string | readonly string[] | undefined) => boolean;

const NO_CODES: readonly string[] = [];

/**
 * The permission codes of the session (userInfo.permissions, spec 6). Buttons whose code is missing are
 * hidden; the server checks the same codes on every call, so this is a convenience, not the wall.
 */
export function usePermissions(): TCan {
  const codes = useSession((s) => s.userInfo?.permissions ?? NO_CODES);
  return useMemo(() => {
    const granted = new Set(codes);
    return (code) =>
      code === undefined || (typeof code === 'string' ? granted.has(code) : code.some((c) => granted.has(c)));
  }, [codes]);
}
