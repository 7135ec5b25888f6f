import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { logout } from '../auth/service.ts';
import {
  enterprisePage,
  updateEnterpriseModules,
  updateEnterpriseStatus,
  updateEnterpriseVinTables,
} from './enterprises.ts';
import { outboxPage } from './outbox.ts';
import {
  codeRuleAdd,
  codeRulePage,
  codeRuleSetDefault,
  idRuleAdd,
  idRulePage,
  idRuleSetDefault,
} from './rules.ts';
import { operatorInfo, operatorLogin } from './service.ts';

/** The operator end (auth 'operator': enterprise sessions are refused with E1008). */
export function operatorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.operator;
  registerEndpoint(app, deps, e.login, (input, { meta }) => operatorLogin(deps, input, meta));
  registerEndpoint(app, deps, e.info, (_input, { db, session }) => operatorInfo(db, session));
  registerEndpoint(app, deps, e.logout, (_input, { session, meta }) => logout(deps, session, meta));
  registerEndpoint(app, deps, e.enterprisePage, (input, { db }) => enterprisePage(db, input));
  registerEndpoint(app, deps, e.enterpriseUpdateStatus, (input, { db, session, meta }) =>
    updateEnterpriseStatus(db, session, input, meta),
  );
  registerEndpoint(app, deps, e.enterpriseModules, (input, { db, session, meta }) =>
    updateEnterpriseModules(db, session, input, meta),
  );
  registerEndpoint(app, deps, e.enterpriseVinTables, (input, { db, session, meta }) =>
    updateEnterpriseVinTables(db, session, input, meta),
  );
  registerEndpoint(app, deps, e.idRulePage, (input, { db }) => idRulePage(db, input));
  registerEndpoint(app, deps, e.idRuleAdd, (input, { db }) => idRuleAdd(db, input));
  registerEndpoint(app, deps, e.idRuleSetDefault, (input, { db }) => idRuleSetDefault(db, input.id));
  registerEndpoint(app, deps, e.codeRulePage, (input, { db }) => codeRulePage(db, input));
  registerEndpoint(app, deps, e.codeRuleAdd, (input, { db }) => codeRuleAdd(db, input));
  registerEndpoint(app, deps, e.codeRuleSetDefault, (input, { db }) => codeRuleSetDefault(db, input.id));
  registerEndpoint(app, deps, e.outboxPage, (input, { db }) => outboxPage(db, input));
}
