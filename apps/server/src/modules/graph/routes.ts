import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as graph from './service.ts';

/**
 * /graph: the supply-chain network (VisualChain) and the product network (VisualProduct), contract graph.ts.
 * /graph/getHash, /graph/getEvidence and /graph/queryProductChainRecordsPage are the ledger module's,
 * /graph/getProductList (the product chooser) the product module's.
 */
export function graphRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.graph;
  registerEndpoint(app, deps, e.enterpriseProjectCascade, (_input, { db, tenant }) =>
    graph.projectCascade(db, tenant),
  );
  registerEndpoint(app, deps, e.bizDate, (_input, { db, tenant }) => graph.bizDate(db, tenant));
  registerEndpoint(app, deps, e.enterprise, (input, { db, tenant }) =>
    graph.enterpriseNetwork(db, tenant, input),
  );
  registerEndpoint(app, deps, e.product, (input, { db, tenant }) => graph.productNetwork(db, tenant, input));
  registerEndpoint(app, deps, e.companyEvidence, (input, { db, tenant }) =>
    graph.companyEvidence(db, tenant, input),
  );
  registerEndpoint(app, deps, e.supplierMap, (input, { db, tenant }) => graph.supplierMap(db, tenant, input));
  registerEndpoint(app, deps, e.traceLabels, (_input, { db, tenant }) => graph.traceLabels(db, tenant));
}
