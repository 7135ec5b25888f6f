import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { partnerExporter, partnerImporter } from './import-export.ts';
import type { InviteDeps } from './invite.ts';
import * as partner from './service.ts';

/** Partner enterprises of the current enterprise (/basicData/partner), with invitations, import and export. */
export function partnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.partner;
  // The mailer is read per call: it can be replaced while the server runs (tests of failing mail).
  const inviteDeps: InviteDeps = {
    keys: deps,
    get mailer() {
      return deps.mailer;
    },
  };
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => partner.pagePartners(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) =>
    partner.partnerDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) =>
    partner.addPartner(db, inviteDeps, tenant, input),
  );
  registerEndpoint(app, deps, e.update, (input, { db, tenant }) =>
    partner.editPartner(db, inviteDeps, tenant, input),
  );
  registerEndpoint(app, deps, e.delete, (input, { db, tenant }) =>
    partner.removePartners(db, inviteDeps, tenant, [input.id]),
  );
  registerEndpoint(app, deps, e.batchDelete, (input, { db, tenant }) =>
    partner.removePartners(db, inviteDeps, tenant, input.ids),
  );
  registerEndpoint(app, deps, e.invite, (input, { db, tenant }) =>
    partner.invite(db, inviteDeps, tenant, input.ids),
  );
  registerEndpoint(app, deps, e.tags, (_input, { db, tenant }) => partner.tagsOf(db, tenant));
  registerEndpoint(app, deps, e.importInviteFailures, (input, { db, tenant }) =>
    partner.importInviteFailures(db, tenant, input.importId),
  );
  registerImportExport(app, deps, e, { importer: partnerImporter, exporter: partnerExporter });
}
