import { lazy } from 'react';
import { ledgerKeys } from '../features/ledger/queries';
import { provideAttachments } from '../shared/list/attachmentSlot';

// Features fill the slots of shared/ here, once at start-up (imported by AppProviders), so that shared/ never
// imports a feature (docs/structure.md). The attachment list loads with its first dialog, as it did when the
// list pages' chunk carried it: the main chunk stays free of the ledger's proof checking.
provideAttachments({
  List: lazy(() => import('../features/ledger/AttachmentList').then((m) => ({ default: m.AttachmentList }))),
  queryKey: ledgerKeys.attachments,
});
