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
    embedded: 'This page exists, but your current permissions do not include it.',
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
    namedOnly: 'The platform has not configured the {{module}} module for your company.',
    plain: 'The platform has not configured this module for your company.',
  },
  access: {
    roles: 'Your role ({{roles}}) does not include this page.',
    noRole: 'Your account has no role yet, so it sees only the User Centre.',
    askAdmin: 'To get access, ask your enterprise administrator, {{admin}}, to grant it to your role.',
    unknownAdmin: '(the company has no administrator yet)',
    adminForbidden:
      "This page does not apply to your company (it depends on the company's kind and scene). Ask the platform operator if you need it.",
    adminNotConfigured:
      'You are the enterprise administrator: modules are configured for a company by the platform operator. Ask the platform operator to configure it (you can submit a work order).',
  },
};
