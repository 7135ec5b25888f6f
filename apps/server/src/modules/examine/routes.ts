import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { auditApplications, listApplications } from './audit.ts';
import { listLinkedEnterprises } from './repo.ts';
import * as examine from './service.ts';

export function examineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.examine;
  registerEndpoint(app, deps, e.selectEnterpriseList, (_input, { account }) =>
    listLinkedEnterprises(deps.db, account.userId),
  );
  registerEndpoint(app, deps, e.selectEnterpriseByCode, (input) =>
    examine.lookupByUsci(deps, input.uniformSocialCreditCode),
  );
  registerEndpoint(app, deps, e.addEnterpriseUser, (input, { account }) =>
    examine.applyToLink(deps, account, input),
  );
  registerEndpoint(app, deps, e.cancelExamine, (input, { account }) =>
    examine.cancelApplication(deps, account, input.id),
  );
  registerEndpoint(app, deps, e.delEnterpriseUser, (input, { account }) =>
    examine.deleteRejectedApplication(deps, account, input.id),
  );
  registerEndpoint(app, deps, e.selectExamineList, (input, { db, tenant }) =>
    listApplications(db, tenant, input),
  );
  registerEndpoint(app, deps, e.examine, (input, { db, tenant }) =>
    auditApplications(deps, db, tenant, input),
  );
}
