import { Tag } from 'antd';
import {
  CHECK_CODES,
  VIN_MAP_GAP_LABELS,
  VIN_MAP_STATUS_LABELS,
  VIN_MAP_STATUSES,
  VIN_VALIDATION_LABELS,
  api,
  type TVinMapRow,
} from '@tracehub/contract';
import { downloadFile } from '../../shared/download';
import { defineResource } from '../../shared/list/types';
import { checkingKeys } from './queries';
import { VinMapStatusTag, VinTreeDialog } from './VinTree';

const report = (r: TVinMapRow, format: 'xlsx' | 'pdf') =>
  downloadFile(api.checking.exportTracingReport, { taskId: r.taskId, vin: r.vin, format });

/**
 * A task's VIN map check (spec 2.4 "VIN map check result", 4 "Map check"): each VIN complete or uncomplete
 * with its validation result and gaps; its map as a tree, and its tracing report as xlsx or PDF.
 */
export const vinMapResource = defineResource({
  name: 'dataChecking/checkLog/detail/vinMap',
  endpoint: api.checking.vinMapPage,
  keys: { all: checkingKeys.all, list: checkingKeys.vinMap },
  rowKey: 'vin',
  routeParams: ['taskId'],
  stateKey: 'vinMap',
  columns: [
    { key: 'vin', label: 'checking.vinMap.vin', width: 190, priority: 1 },
    {
      key: 'complete',
      label: 'checking.vinMap.status',
      width: 110,
      priority: 1,
      render: (r, { lang }) => <VinMapStatusTag complete={r.complete} lang={lang} />,
    },
    {
      key: 'abnormal',
      label: 'checking.vinMap.validation',
      width: 110,
      render: (r, { lang }) => (
        <Tag
          color={r.abnormal ? 'error' : 'success'}
          data-testid={`vin-validation-${r.abnormal ? 'abnormal' : 'normal'}`}
        >
          {VIN_VALIDATION_LABELS[r.abnormal ? 'abnormal' : 'normal'][lang]}
        </Tag>
      ),
    },
    { key: 'gapCount', label: 'checking.vinMap.gapCount', width: 88 },
    {
      key: 'gapKinds',
      label: 'checking.vinMap.gapKinds',
      width: 220,
      render: (r, { lang, t }) =>
        r.gapKinds.map((k) => VIN_MAP_GAP_LABELS[k][lang]).join(t('common.listSeparator')),
    },
  ],
  search: [
    {
      type: 'text',
      prop: 'vin',
      label: 'checking.vinMap.vin',
      placeholder: 'checking.vinMap.search',
    },
    {
      type: 'select',
      prop: 'status',
      label: 'checking.vinMap.status',
      options: ({ lang }) =>
        VIN_MAP_STATUSES.map((s) => ({ value: s, label: VIN_MAP_STATUS_LABELS[s][lang] })),
    },
  ],
  rowActions: [
    { key: 'tree', label: 'checking.vinMap.viewTree', permission: CHECK_CODES.view, dialog: 'tree' },
    {
      key: 'xlsx',
      label: 'checking.vinMap.xlsx',
      permission: CHECK_CODES.export,
      run: (r) => report(r, 'xlsx'),
      readOnly: true,
    },
    {
      key: 'pdf',
      label: 'checking.vinMap.pdf',
      permission: CHECK_CODES.export,
      run: (r) => report(r, 'pdf'),
      readOnly: true,
    },
  ],
  dialogs: { tree: VinTreeDialog },
});
