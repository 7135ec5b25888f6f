import { encodeKey } from '../../platform/imports/importer.ts';
import { recordExporter, recordImporter } from '../../platform/records/transfers.ts';
import { invitePartners } from './invite.ts';
import { partnerStore } from './service.ts';

// Bulk import and export of partners. The template's columns are the declaration's import fields, with
// whether to invite the partner (an import-only column); the natural key is code and type (a repeated USCI
// is refused by its unique index as existing data). Imported partners are recorded as evidence; the ones to
// invite are invited in the same transaction, and the import's result lists the failed invitations (spec 8).

export const partnerImporter = recordImporter(partnerStore, {
  async afterInsert(ctx, rows, inserted) {
    const wanted = new Set(
      rows.filter((r) => r.invite === true).map((r) => encodeKey(partnerStore.keyOf(r))),
    );
    const toInvite = inserted.filter((r) => wanted.has(encodeKey(partnerStore.keyOf(r))));
    await invitePartners(ctx.db, ctx, ctx.tenant, toInvite, ctx.importId);
  },
});

export const partnerExporter = recordExporter(partnerStore);
