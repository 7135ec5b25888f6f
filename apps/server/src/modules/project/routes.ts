import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { projectExporter, projectImporter } from './import-export.ts';
import * as project from './service.ts';

/** Project codes of the current enterprise (/basicData/project), with their bulk import and export. */
export function projectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.project;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => project.pageProjects(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) =>
    project.projectDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) => project.addProject(db, deps, tenant, input));
  registerEndpoint(app, deps, e.update, (input, { db, tenant }) =>
    project.editProject(db, deps, tenant, input),
  );
  registerEndpoint(app, deps, e.delete, (input, { db, tenant }) =>
    project.removeProject(db, deps, tenant, input.id),
  );
  registerImportExport(app, deps, e, { importer: projectImporter, exporter: projectExporter });
}
