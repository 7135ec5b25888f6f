import type { layout as zh } from '../zh/layout';

export const layout: typeof zh = {
  sidebar: {
    collapse: 'Collapse sidebar',
    expand: 'Expand sidebar',
    notConfigured: 'Module not configured',
  },
  breadcrumb: {
    home: 'Home',
  },
  fullscreen: {
    enter: 'Full screen',
    exit: 'Exit full screen',
    unsupported: 'Your browser does not support full screen',
  },
  user: {
    switchCompany: 'Switch company',
    certifyCompany: 'Certify new company',
    userCenter: 'User centre',
    logout: 'Logout',
  },
  tabs: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
    more: 'Tab actions',
  },
};
