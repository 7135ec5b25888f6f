import { api, projectRecord, type TProjectCode } from '@tracehub/contract';
import { recordResource } from '../../shared/list/recordResource';
import { chainStatusColumn, chainStatusDetail, txHashDetail } from '../ledger/ChainStatusLink';
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
      code: [chainStatusDetail<TProjectCode>(CODE)],
      updatedAt: [txHashDetail<TProjectCode>()],
    },
  },
);
