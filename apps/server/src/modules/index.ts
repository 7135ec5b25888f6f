import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/context.ts';
import { authRoutes } from './auth/routes.ts';
import { examineRoutes } from './examine/routes.ts';
import { logRoutes } from './log/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { userRoutes } from './user/routes.ts';

/** Every domain module of the API. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  systemRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  examineRoutes(app, deps);
  logRoutes(app, deps);
}
