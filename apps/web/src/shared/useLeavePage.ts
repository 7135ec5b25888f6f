import { useNavigate } from 'react-router';
import { useTabs } from '../stores/tabs';
import { withCacheFlag } from './cacheFlag';

/**
 * Leaves a page (a finished or cancelled form) for another: back to that page's tab as it was left, or to
 * its path, and closes the page's own tab so a finished form does not linger.
 */
export function useLeavePage(): (fromTab: string, toPath: string) => void {
  const navigate = useNavigate();
  return (fromTab, toPath) => {
    const target = useTabs.getState().tabs.find((tab) => tab.pattern === toPath);
    void navigate(target ? withCacheFlag(target.fullPath) : toPath);
    useTabs.getState().removeTab(fromTab);
  };
}
