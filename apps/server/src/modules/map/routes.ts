import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { mapSettings } from './settings.ts';

/** /map: the map services the console may load (contract map.ts). */
export function mapRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.map.settings, () => Promise.resolve(mapSettings(deps.config)));
}
