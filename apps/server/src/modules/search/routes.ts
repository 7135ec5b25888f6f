import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { searchEverything } from './service.ts';

/** The navbar's search across the enterprise's data (contract search.ts). */
export function searchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.search.global, (input, { db, tenant }) =>
    searchEverything(db, tenant, input.keyword),
  );
}
