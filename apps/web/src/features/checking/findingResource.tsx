import { api } from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { findingColumns, levelSearch, outcomeSearch } from './findingColumns';
import { checkingKeys } from './queries';

/**
 * A task's abnormal data (spec 2.2 checkLog detail and errorData): its findings most severe first, by the
 * task id of the page's address (detail?taskId=), or one company's (errorData gives both as fixed values).
 */
export const findingResource = defineResource({
  name: 'dataChecking/checkLog/detail/findings',
  endpoint: api.checking.selectAbnormalPage,
  keys: { all: checkingKeys.all, list: checkingKeys.findings },
  rowKey: 'id',
  routeParams: ['taskId'],
  stateKey: 'findings',
  columns: findingColumns,
  keyColumn: 'checkName',
  search: [levelSearch, outcomeSearch],
});
