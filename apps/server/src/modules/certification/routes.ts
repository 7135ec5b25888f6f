import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { approve, certificationDetail, certificationPage, returnBack } from './audit.ts';
import { currentCertificate, mine, resubmit, submit } from './service.ts';

export function certificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.certification;
  registerEndpoint(app, deps, e.submit, (form, { session, meta, req }) =>
    submit(deps, session, form, meta, req.log),
  );
  registerEndpoint(app, deps, e.resubmit, (input, { session, meta, req }) =>
    resubmit(deps, session, input, meta, req.log),
  );
  registerEndpoint(app, deps, e.mine, (_input, { session }) => mine(deps, session));
  registerEndpoint(app, deps, e.certificate, (_input, { db, tenant }) => currentCertificate(db, tenant));

  const o = api.operator.certification;
  registerEndpoint(app, deps, o.page, (input, { db }) => certificationPage(db, input));
  registerEndpoint(app, deps, o.detail, (input, { db }) => certificationDetail(db, input.id));
  registerEndpoint(app, deps, o.approve, (input, { session, meta }) =>
    approve(deps, session, input.id, meta),
  );
  registerEndpoint(app, deps, o.returnBack, (input, { session, meta }) =>
    returnBack(deps, session, input, meta),
  );
}
