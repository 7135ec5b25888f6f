import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/context.ts';
import { importRecordRoutes } from '../platform/imports/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { certificationRoutes } from './certification/routes.ts';
import { companyRoutes } from './company/routes.ts';
import { examineRoutes } from './examine/routes.ts';
import { fileRoutes } from './file/routes.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { logRoutes } from './log/routes.ts';
import { materialRoutes } from './material/routes.ts';
import { materialRelationRoutes } from './material-relation/routes.ts';
import { memberRoutes } from './member/routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { partnerRoutes } from './partner/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { projectRoutes } from './project/routes.ts';
import { productRoutes } from './product/routes.ts';
import { carbonRoutes } from './carbon/routes.ts';
import { roleRoutes } from './role/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { userRoutes } from './user/routes.ts';

/** Every domain module of the API. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  systemRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  examineRoutes(app, deps);
  logRoutes(app, deps);
  fileRoutes(app, deps);
  certificationRoutes(app, deps);
  companyRoutes(app, deps);
  operatorRoutes(app, deps);
  memberRoutes(app, deps);
  roleRoutes(app, deps);
  profileRoutes(app, deps);
  ledgerRoutes(app, deps);
  importRecordRoutes(app, deps);
  projectRoutes(app, deps);
  productRoutes(app, deps);
  carbonRoutes(app, deps);
  partnerRoutes(app, deps);
  materialRelationRoutes(app, deps);
  materialRoutes(app, deps);
}
