import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { currentDevice, useAppStore } from '../stores/app';

/** Tracks desktop/mobile by window width; on mobile the overlay sidebar closes on resize and navigation. */
export function useResponsiveDevice(): void {
  const location = useLocation();
  const device = useAppStore((s) => s.device);
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);

  useEffect(() => {
    const onResize = () => {
      if (document.hidden) return;
      const next = currentDevice();
      // Only the step into the mobile layout closes the overlay; other resizes leave it as it is.
      if (next === 'mobile' && useAppStore.getState().device === 'desktop') closeSidebar(true);
      setDevice(next);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, closeSidebar]);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) closeSidebar(false);
  }, [location.pathname, device, closeSidebar]);
}
