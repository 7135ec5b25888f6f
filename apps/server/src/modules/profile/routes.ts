import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as profile from './service.ts';

/** The user centre's personal settings (/userCenter/perbasic). */
export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.profile;
  registerEndpoint(app, deps, e.updateUsername, (input, { db, session }) =>
    profile.updateUsername(db, session, input),
  );
  registerEndpoint(app, deps, e.updateNames, (input, { db, session }) =>
    profile.updateNames(db, session, input),
  );
  registerEndpoint(app, deps, e.sendChangeMailCode, (input, { db, session, meta }) =>
    profile.sendChangeMailCode(deps, db, session, input.email, meta),
  );
  registerEndpoint(app, deps, e.checkEmailVerificationCode, (input, { db, session }) =>
    profile.checkChangeMailCode(db, session, input),
  );
  registerEndpoint(app, deps, e.changeMail, (input, { db, session }) =>
    profile.changeMail(deps, db, session, input),
  );
  registerEndpoint(app, deps, e.updatePassword, (input, { db, session, meta }) =>
    profile.updatePassword(db, session, input, meta),
  );
  registerEndpoint(app, deps, e.changeExpireTime, (input, { db, session }) =>
    profile.changeExpireTime(db, session, input),
  );
  registerEndpoint(app, deps, e.updateAvatar, (input, { db, session, meta }) =>
    profile.updateAvatar(db, session, input, meta),
  );
}
