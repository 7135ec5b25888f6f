import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { bearerToken } from '../../platform/session.ts';
import * as auth from './service.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.auth;
  registerEndpoint(app, deps, e.loginByPwd, (input, { meta }) => auth.loginByPassword(deps, input, meta));
  registerEndpoint(app, deps, e.getLoginMailVerifyCode, (input, { meta }) =>
    auth.sendMailCode(deps, input, meta),
  );
  registerEndpoint(app, deps, e.verifyLoginMailCode, (input, { meta }) =>
    auth.loginByMailCode(deps, input, meta),
  );
  registerEndpoint(app, deps, e.selectEnterprise, (input, { meta, req }) =>
    auth.selectEnterprise(deps, input, bearerToken(req.headers.authorization), meta),
  );
  registerEndpoint(app, deps, e.changePassword, (input) => auth.changePasswordAtSignIn(deps, input));
  registerEndpoint(app, deps, e.logout, (_input, { session, meta }) => auth.logout(deps, session, meta));
  registerEndpoint(app, deps, e.register, (input, { meta }) => auth.register(deps, input, meta));
}
