import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { menusOf, userInfo } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.user.selectUserInfo, (_input, { db, session }) => userInfo(db, session));
  registerEndpoint(app, deps, api.user.selectMenusByUserId, async (_input, { session }) => menusOf(session));
}
