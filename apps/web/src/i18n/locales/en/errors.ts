import type { errors as zh } from '../zh/errors';

export const errors: typeof zh = {
  notFound: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has been removed. Check the address.',
  },
  forbidden: {
    title: 'Access denied',
    description:
      'You do not have permission to open this page. Contact your enterprise administrator for access.',
  },
  unauthorized: {
    title: 'Not signed in',
    description: 'Your session is missing or has expired. Sign in again to open this page.',
  },
  moduleNotConfigured: {
    title: 'Module not configured',
    description:
      'This module is not configured for your company. Please contact the enterprise administrator.',
    named:
      'The {{module}} module is not configured for your company. Please contact the enterprise administrator.',
    backToWorkbench: 'Back to workbench',
  },
};
