import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A visited page (spec 3 "Tab"): one per route name, which is the menu node's component key. */
export interface TTab {
  name: string;
  /** Route pattern of the page, e.g. /log/details/:id. */
  pattern: string;
  /** Path and query the page was last shown with (without the cache flag). */
  fullPath: string;
  title: string;
  titleEn: string;
  affix: boolean;
  noCache: boolean;
}

interface TTabsState {
  tabs: TTab[];
  /** Bumped to remount a page (refresh through the redirect route). */
  refreshKeys: Record<string, number>;
  openTab: (tab: TTab) => void;
  /** Puts the menu's affix tabs first and drops tabs whose page the current menu no longer has. */
  syncWithMenu: (affix: TTab[], knownNames: ReadonlySet<string>) => void;
  removeTab: (name: string) => void;
  removeOthers: (name: string) => void;
  removeAll: () => void;
  refreshTab: (name: string) => void;
  clear: () => void;
}

export const TABS_STORAGE_KEY = 'tracehub_tabs';

function sameTab(a: TTab, b: TTab): boolean {
  return (
    a.fullPath === b.fullPath &&
    a.pattern === b.pattern &&
    a.title === b.title &&
    a.titleEn === b.titleEn &&
    a.affix === b.affix &&
    a.noCache === b.noCache
  );
}

/** A tab can be closed only when it is not fixed and more than one tab is open (spec 2.5). */
export function canCloseTab(tab: TTab, tabs: readonly TTab[]): boolean {
  return !tab.affix && tabs.length > 1;
}

export const useTabs = create<TTabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      refreshKeys: {},
      openTab: (tab) => {
        const { tabs } = get();
        const index = tabs.findIndex((t) => t.name === tab.name);
        if (index < 0) set({ tabs: [...tabs, tab] });
        else if (!sameTab(tabs[index] as TTab, tab))
          set({ tabs: tabs.map((t, i) => (i === index ? tab : t)) });
      },
      syncWithMenu: (affix, knownNames) => {
        const affixNames = new Set(affix.map((t) => t.name));
        const rest = get().tabs.filter((t) => knownNames.has(t.name) && !affixNames.has(t.name) && !t.affix);
        const restored = affix.map((a) => get().tabs.find((t) => t.name === a.name) ?? a);
        set({ tabs: [...restored.map((t) => ({ ...t, affix: true })), ...rest] });
      },
      removeTab: (name) => {
        const { tabs } = get();
        const tab = tabs.find((t) => t.name === name);
        if (!tab || !canCloseTab(tab, tabs)) return;
        set({ tabs: tabs.filter((t) => t.name !== name) });
      },
      removeOthers: (name) => set({ tabs: get().tabs.filter((t) => t.affix || t.name === name) }),
      removeAll: () => set({ tabs: get().tabs.filter((t) => t.affix) }),
      refreshTab: (name) => {
        const { refreshKeys } = get();
        set({ refreshKeys: { ...refreshKeys, [name]: (refreshKeys[name] ?? 0) + 1 } });
      },
      clear: () => set({ tabs: [], refreshKeys: {} }),
    }),
    {
      name: TABS_STORAGE_KEY,
      // Session storage: a reload restores the tabs, a new browser tab starts clean.
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ tabs: state.tabs }),
    },
  ),
);
