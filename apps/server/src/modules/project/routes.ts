import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRecord } from '../../platform/records/routes.ts';
import { projectExporter, projectImporter } from './import-export.ts';
import { projectStore } from './service.ts';

/** Project codes of the current enterprise (/basicData/project), with their bulk import and export. */
export function projectRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRecord(app, deps, api.project, projectStore, {
    importer: projectImporter,
    exporter: projectExporter,
  });
}
