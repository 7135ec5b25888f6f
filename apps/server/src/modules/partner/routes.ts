import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerRecord } from '../../platform/records/routes.ts';
import { partnerExporter, partnerImporter } from './import-export.ts';
import { invite, type InviteDeps } from './invite.ts';
import { importInviteFailures, partnerStore, tagsOf } from './service.ts';

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
  registerRecord(app, deps, e, partnerStore, { importer: partnerImporter, exporter: partnerExporter });
  registerEndpoint(app, deps, e.invite, (input, { db, tenant }) => invite(db, inviteDeps, tenant, input.ids));
  registerEndpoint(app, deps, e.tags, (_input, { db, tenant }) => tagsOf(db, tenant));
  registerEndpoint(app, deps, e.importInviteFailures, (input, { db, tenant }) =>
    importInviteFailures(db, tenant, input.importId),
  );
}
