export * from './envelope.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './list.ts';
export * from './endpoint.ts';
export * from './i18n/lang.ts';
export * from './i18n/validation.ts';
export * from './validators/index.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './menu.ts';
export * from './log.ts';
export * from './examine.ts';
export * from './system.ts';

import { authEndpoints } from './auth.ts';
import { userEndpoints } from './user.ts';
import { logEndpoints } from './log.ts';
import { systemEndpoints } from './system.ts';
import { examineEndpoints } from './examine.ts';

/** Every endpoint of the API, by domain. The server registers these; the web calls them. */
export const api = {
  auth: authEndpoints,
  user: userEndpoints,
  log: logEndpoints,
  examine: examineEndpoints,
  system: systemEndpoints,
};
