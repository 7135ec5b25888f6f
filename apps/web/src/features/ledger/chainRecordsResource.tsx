import { api, type TEvidenceRecord } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { defineResource, type TResourceDialogProps } from '../../shared/list/types';
import { ChainRecordDialog } from './ChainRecordDialog';
import { ChainStatusTag } from './ChainStatusTag';
import { eventTypeLabel, eventTypeOptions, subjectLabel, subjectParts } from './eventTypes';
import { HashText } from './HashText';
import { ledgerKeys } from './queries';

/** The row action's dialog: the record's chain detail, verified in the browser. */
function RecordChainDialog({ record, onClose }: TResourceDialogProps<TEvidenceRecord>) {
  const lang = useLang();
  return record ? (
    <ChainRecordDialog hash={record.chain.txHash} subject={subjectLabel(record, lang)} onClose={onClose} />
  ) : null;
}

/** The enterprise's on-chain evidence records (spec 7 /graph/queryProductChainRecordsPage) as a declaration. */
export const chainRecordsResource = defineResource({
  name: 'ledger/chainRecords',
  endpoint: api.ledger.queryProductChainRecordsPage,
  keys: ledgerKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'eventType',
      label: 'ledger.records.fields.eventType',
      width: 170,
      sortable: true,
      render: (r, { t }) => eventTypeLabel(r.eventType, t),
    },
    {
      key: 'subjectId',
      label: 'ledger.records.fields.subject',
      width: 220,
      sortable: true,
      render: (r, { lang }) => {
        const { kind, name } = subjectParts(r, lang);
        // The name is the record's own (a number, a code, an uploaded file's name), kept as entered.
        return (
          <span title={`${r.subjectType}: ${r.subjectId}`} data-testid="record-subject">
            {kind} <span data-user-value>{name}</span>
          </span>
        );
      },
    },
    {
      key: 'chain',
      id: 'txHash',
      label: 'ledger.records.fields.txHash',
      width: 210,
      render: (r) => <HashText value={r.chain.txHash} short testId="record-tx-hash" />,
    },
    {
      key: 'chain',
      id: 'status',
      label: 'ledger.records.fields.status',
      width: 100,
      render: (r) => <ChainStatusTag status={r.chain.status} height={r.chain.chainHeight} />,
    },
    {
      key: 'chain',
      id: 'chainHeight',
      label: 'ledger.records.fields.chainHeight',
      width: 110,
      sortable: true,
      render: (r) => r.chain.chainHeight,
    },
    {
      key: 'chain',
      id: 'chainDate',
      label: 'ledger.records.fields.chainDate',
      width: 180,
      render: (r) => (r.chain.chainDate === null ? null : formatDateTime(r.chain.chainDate)),
    },
  ],
  search: [
    { type: 'text', prop: 'subjectId', label: 'ledger.records.fields.subjectSearch', basic: true },
    {
      type: 'select',
      prop: 'eventType',
      label: 'ledger.records.fields.eventType',
      options: eventTypeOptions,
    },
    {
      type: 'select',
      prop: 'status',
      label: 'ledger.records.fields.status',
      options: ({ t }) => [
        { value: 'sealed', label: t('ledger.status.sealed') },
        { value: 'pending', label: t('ledger.status.pending') },
      ],
    },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'ledger.records.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  rowActions: [{ key: 'viewChain', label: 'ledger.records.viewOnChain', dialog: 'chain' }],
  dialogs: { chain: RecordChainDialog },
});
