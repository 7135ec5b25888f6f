import { useNavigate } from 'react-router';
import { canCloseTab, useTabs, type TTab } from '../stores/tabs';
import { withCacheFlag } from '../shared/cacheFlag';
import { unblockPage } from '../stores/moduleGate';

/** Prefix of the route a tab refresh goes through (spec 2.5): /redirect/<full path>. */
export const REDIRECT_PREFIX = '/redirect';

/**
 * The tab of the page the browser is on now, read from the address: a close can come in the same event as
 * the navigation it follows, before that navigation has rendered.
 */
function shownTabName(fallback: string | null): string | null {
  const path = window.location.pathname;
  const shown = useTabs.getState().tabs.find((tab) => tab.fullPath.split('?')[0] === path);
  return shown?.name ?? fallback;
}

/** Tab operations with the spec's navigation rules, for the tab bar and its menus. */
export function useTabActions(renderedName: string | null) {
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
    const activeName = shownTabName(renderedName);
    removeTab(tab.name);
    if (tab.name === activeName) toLastTab(tab);
  };

  const closeOthers = (tab: TTab) => {
    const activeName = shownTabName(renderedName);
    useTabs.getState().removeOthers(tab.name);
    if (tab.name !== activeName) open(tab);
  };

  const closeAll = () => {
    const activeName = shownTabName(renderedName);
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
