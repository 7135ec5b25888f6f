import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as risk from './service.ts';

/** Risk rules and risk areas (/rule/list, /rule/Factor). */
export function riskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.risk;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => risk.pageRules(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) => risk.ruleDetail(db, tenant, input.id));
  registerEndpoint(app, deps, e.options, (_input, { db, tenant }) => risk.riskOptions(db, tenant));
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) => risk.addRule(db, tenant, input));
  registerEndpoint(app, deps, e.update, (input, { db, tenant }) => risk.updateRule(db, tenant, input));
  registerEndpoint(app, deps, e.setEnabled, (input, { db, tenant }) =>
    risk.setRuleEnabled(db, tenant, input),
  );
  registerEndpoint(app, deps, e.setFactors, (input, { db, tenant }) =>
    risk.setRuleFactors(db, tenant, input),
  );
  registerEndpoint(app, deps, e.remove, (input, { db, tenant }) => risk.removeRule(db, tenant, input.id));
  registerEndpoint(app, deps, e.areaPage, (input, { db, tenant }) => risk.pageAreas(db, tenant, input));
  registerEndpoint(app, deps, e.areaAdd, (input, { db, tenant }) => risk.addArea(db, tenant, input));
  registerEndpoint(app, deps, e.areaUpdate, (input, { db, tenant }) => risk.updateArea(db, tenant, input));
  registerEndpoint(app, deps, e.areaRemove, (input, { db, tenant }) => risk.removeArea(db, tenant, input.id));
}
