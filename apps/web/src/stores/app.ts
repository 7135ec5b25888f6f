import { create } from 'zustand';

/** localStorage key of the sidebar state: '1' open, '0' closed (spec 2.5). */
export const SIDEBAR_STATUS_KEY = 'sidebarStatus';
/** Below this window width the console uses its mobile layout (overlay sidebar). */
export const MOBILE_MAX_WIDTH = 992;

export type TDevice = 'desktop' | 'mobile';

interface TAppState {
  sidebarOpened: boolean;
  /** Skip the sidebar transition (closing because the window became narrow). */
  sidebarWithoutAnimation: boolean;
  device: TDevice;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: TDevice) => void;
  /** Back to defaults after logout, which clears local storage. */
  resetSidebar: () => void;
}

function readSidebarOpened(): boolean {
  return localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0';
}

export function currentDevice(): TDevice {
  return window.innerWidth < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

export const useAppStore = create<TAppState>()((set, get) => ({
  sidebarOpened: currentDevice() === 'mobile' ? false : readSidebarOpened(),
  sidebarWithoutAnimation: false,
  device: currentDevice(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
    set({ sidebarOpened: opened, sidebarWithoutAnimation: false });
  },
  // Not persisted: the mobile layout closes the overlay without changing the desktop preference.
  closeSidebar: (withoutAnimation) =>
    set({ sidebarOpened: false, sidebarWithoutAnimation: withoutAnimation }),
  // Back on a wide screen the user's own sidebar preference applies again.
  setDevice: (device) =>
    set(
      device === 'desktop' && get().device === 'mobile'
        ? { device, sidebarOpened: readSidebarOpened(), sidebarWithoutAnimation: true }
        : { device },
    ),
  resetSidebar: () => set({ sidebarOpened: currentDevice() !== 'mobile', sidebarWithoutAnimation: true }),
}));
