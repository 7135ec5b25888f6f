import { api, projectRecord, type TProjectCode } from '@tracehub/contract';
import { recordResource } from '../../shared/list/recordResource';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { projectKeys } from './queries';

const { code: CODE } = projectRecord;

/**
 * Project codes of the enterprise (spec 2.2 /basicData/project, 3 "Project code"), derived from the
 * contract's declaration: search, create, edit, detail, delete and bulk delete, bulk import, template,
 * export, upload records and attachments. Added here: the chain status opening the blockchain record.
 */
export const projectResource = recordResource<typeof api.project, TProjectCode>(
  projectRecord,
  api.project,
  { name: 'basicData/project', keys: projectKeys },
  {
    columnsBefore: { createdAt: [chainStatusColumn<TProjectCode>(CODE)] },
    detailsAfter: {
      code: [
        {
          key: 'chain',
          label: 'ledger.records.fields.chainStatus',
          value: (r) => <ChainStatusLink chain={r.chain} permission={`${CODE}:ViewBCdata`} />,
        },
      ],
      updatedAt: [
        {
          key: 'txHash',
          label: 'ledger.records.fields.txHash',
          value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
          wide: true,
        },
      ],
    },
  },
);
