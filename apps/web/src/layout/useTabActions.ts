import { useNavigate } from 'react-router';
import { canCloseTab, useTabs, type TTab } from '../stores/tabs';
import { withCacheFlag } from '../shared/cacheFlag';
import { unblockPage } from '../stores/moduleGate';

/** Prefix of the route a tab refresh goes through (spec 2.5): /redirect/<full path>. */
export const REDIRECT_PREFIX = '/redirect';

/** Tab operations with the spec's navigation rules, for the tab bar and its menus. */
export function useTabActions(activeName: string | null) {
  const navigate = useNavigate();

  const open = (tab: TTab) => void navigate(withCacheFlag(tab.fullPath));

  // Closing the active tab moves to the last remaining tab; with none left, the console's root, or a
  // refresh when the closed tab was the dashboard itself.
  const toLastTab = (closed: TTab | null) => {
    const last = useTabs.getState().tabs.at(-1);
    if (last) open(last);
    else if (closed?.affix) void navigate(`${REDIRECT_PREFIX}${closed.fullPath}`, { replace: true });
    else void navigate('/home');
  };

  const close = (tab: TTab) => {
    const { tabs, removeTab } = useTabs.getState();
    if (!canCloseTab(tab, tabs)) return;
    removeTab(tab.name);
    if (tab.name === activeName) toLastTab(tab);
  };

  const closeOthers = (tab: TTab) => {
    useTabs.getState().removeOthers(tab.name);
    if (tab.name !== activeName) open(tab);
  };

  const closeAll = () => {
    useTabs.getState().removeAll();
    const remaining = useTabs.getState().tabs;
    if (!remaining.some((t) => t.name === activeName)) toLastTab(null);
  };

  const refresh = (tab: TTab) => {
    // A page shown as "module not configured" after a B2030 asks the server again.
    unblockPage(tab.fullPath.split('?')[0] ?? tab.fullPath);
    useTabs.getState().refreshTab(tab.name);
    void navigate(`${REDIRECT_PREFIX}${tab.fullPath}`, { replace: true });
  };

  return { open, close, closeOthers, closeAll, refresh };
}
