import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { companyInfo, updateAddress, updateEnglishName } from './service.ts';

export function companyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.company;
  registerEndpoint(app, deps, e.info, (_input, { db, tenant }) => companyInfo(db, tenant));
  registerEndpoint(app, deps, e.updateAddress, (input, { db, tenant, meta }) =>
    updateAddress(db, deps, tenant, meta, input),
  );
  registerEndpoint(app, deps, e.updateEnglishName, (input, { db, tenant, meta }) =>
    updateEnglishName(db, deps, tenant, meta, input),
  );
}
