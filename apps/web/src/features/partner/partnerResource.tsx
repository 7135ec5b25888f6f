import { MailOutlined } from '@ant-design/icons';
import { api, partnerRecord, type TPartner } from '@tracehub/contract';
import { recordResource } from '../../shared/list/recordResource';
import { chainStatusColumn, chainStatusDetail, txHashDetail } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { ImportInviteFailures } from './ImportInviteFailures';
import { InviteDialog } from './InviteDialog';
import { InviteBadge, SettlementBadge, tagOptions } from './partnerLabels';
import { partnerKeys } from './queries';

const { code: CODE } = partnerRecord;

/**
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "list, bulk import, invite", 4 "settled or not
 * settled"), derived from the contract's declaration: suppliers and clients in one list with their type,
 * settlement and invitation filters, search, create, edit, detail, delete and bulk delete, bulk import,
 * template, export, upload records and attachments. Added here: the settlement and invitation badges, the
 * DID, the chain status, the tag filter's options, and invitation by e-mail (one or the selected ones) with
 * the failed invitations listed, after an import too.
 */
export const partnerResource = recordResource<typeof api.partner, TPartner>(
  partnerRecord,
  api.partner,
  { name: 'basicData/partner', keys: partnerKeys },
  {
    render: {
      settled: (r, ctx) => <SettlementBadge partner={r} ctx={ctx} />,
      inviteStatus: (r, ctx) => <InviteBadge partner={r} ctx={ctx} />,
    },
    columns: {
      name: { render: (r, { lang }) => (lang === 'en' && r.nameEn ? r.nameEn : r.name) },
      did: { render: (r) => r.did && <HashText value={r.did} short /> },
    },
    details: { did: { value: (r) => r.did && <HashText value={r.did} /> } },
    columnsBefore: { createdAt: [chainStatusColumn<TPartner>(CODE)] },
    detailsAfter: {
      invitedAt: [chainStatusDetail<TPartner>(CODE)],
      updatedAt: [txHashDetail<TPartner>()],
    },
    searchOptions: { tags: tagOptions },
    formFields: {
      partnerType: { input: 'radio' },
      tags: { extra: 'partner.tagsHint' },
    },
    initialValues: { partnerType: 'supplier', tags: [] },
    texts: {
      create: 'partner.create',
      createTitle: 'partner.createTitle',
      confirmBatchDelete: 'partner.confirmBatchDelete',
    },
    confirmName: (r) => r.name,
    toolbarAfter: {
      create: [
        {
          key: 'invite',
          label: 'partner.invite.batch',
          permission: `${CODE}:Invite`,
          icon: <MailOutlined />,
          batch: true,
          dialog: 'invite',
        },
      ],
    },
    rowActionsAfter: {
      edit: [
        {
          key: 'invite',
          label: 'partner.invite.action',
          permission: `${CODE}:Invite`,
          visible: (r) => !r.settled,
          dialog: 'invite',
        },
      ],
    },
    dialogs: { invite: InviteDialog },
    importResult: ImportInviteFailures,
  },
);
