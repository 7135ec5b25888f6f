import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TProjectCode } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import type { TDetailField } from '../../shared/DetailCard';
import { EMPTY_TEXT, formatDateTime, isBlank } from '../../shared/format';
import { defineResource, type TRenderContext, type TResourceDialogProps } from '../../shared/list/types';
import { ChainStatusLink, chainStatusColumn } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { ProjectFormDialog } from './ProjectFormDialog';
import { projectKeys } from './queries';

/** The page's permission code in the menu tree: actions are `Project:<Action>`. */
const CODE = 'Project';
const DETAIL_DIALOG_WIDTH = 720;

const DETAIL_FIELDS: readonly TDetailField<TProjectCode>[] = [
  { key: 'code', label: 'project.fields.code' },
  {
    key: 'chain',
    label: 'ledger.records.fields.chainStatus',
    value: (r) => <ChainStatusLink chain={r.chain} permission={`${CODE}:ViewBCdata`} />,
  },
  { key: 'createdAt', label: 'project.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
  { key: 'updatedAt', label: 'project.fields.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
  {
    key: 'txHash',
    label: 'ledger.records.fields.txHash',
    value: (r) => (r.chain ? <HashText value={r.chain.txHash} /> : null),
    wide: true,
  },
  { key: 'notes', label: 'project.fields.notes', wide: true },
];

/** One project code, fetched fresh, with its latest evidence (the list's row until it arrives). */
function ProjectDetailDialog({ record, onClose }: TResourceDialogProps<TProjectCode>) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = record?.id ?? 0;
  const query = useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => call(api.project.detail, { id }, { signal }),
    enabled: record !== null,
  });
  const shown = query.data ?? record;
  if (!shown) return null;
  const ctx: TRenderContext = { lang, t };
  return (
    <AppDialog
      open
      title={t('project.detailTitle')}
      width={DETAIL_DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={onClose}
      testId="project-detail-dialog"
    >
      <Descriptions
        bordered
        size="middle"
        column={2}
        items={DETAIL_FIELDS.map((field) => {
          const value = field.value ? field.value(shown, ctx) : (shown as Record<string, unknown>)[field.key];
          return {
            key: field.key,
            label: t(field.label),
            span: field.wide ? ('filled' as const) : undefined,
            children: isBlank(value) ? EMPTY_TEXT : (value as ReactNode),
          };
        })}
      />
    </AppDialog>
  );
}

/**
 * Project codes of the enterprise (spec 2.2 /basicData/project, 3 "Project code"): search, create, edit,
 * detail and delete, the chain status opening the blockchain record, and by declaration bulk import,
 * template, export, upload records and attachments.
 */
export const projectResource = defineResource({
  name: 'basicData/project',
  code: CODE,
  endpoint: api.project.page,
  keys: projectKeys,
  rowKey: 'id',
  importExport: api.project,
  attachments: { key: (r) => r.id, title: (r) => r.code },
  columns: [
    { key: 'code', label: 'project.fields.code', width: 220, sortable: true },
    { key: 'notes', label: 'project.fields.notes', width: 300 },
    chainStatusColumn<TProjectCode>(CODE),
    { key: 'createdAt', label: 'project.fields.createdAt', width: 180, format: 'datetime', sortable: true },
  ],
  search: [
    { type: 'text', prop: 'code', label: 'project.fields.code', basic: true },
    { type: 'text', prop: 'notes', label: 'project.fields.notes', basic: true },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'project.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'project.create',
      permission: `${CODE}:Create`,
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    { key: 'edit', label: 'project.edit', permission: `${CODE}:Edit`, dialog: 'form' },
    {
      key: 'delete',
      label: 'project.delete',
      permission: `${CODE}:Delete`,
      danger: true,
      confirm: (r, { t }) => t('project.confirmDelete', { code: r.code }),
      run: (r) => call(api.project.delete, { id: r.id }),
      success: 'project.deleted',
    },
  ],
  dialogs: { form: ProjectFormDialog, detail: ProjectDetailDialog },
});
