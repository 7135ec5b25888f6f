import { Space, Tag, Typography } from 'antd';
import { EVIDENCE_TASK_CODES, api } from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { eventTypeLabel } from '../ledger/eventTypes';
import { evidenceKeys } from './queries';

/**
 * The main evidence items of a task's package (task detail): each record with its tier, direction, owner,
 * block and what of it is disclosed. The task id comes from the route (task/detail/:taskId).
 */
export const evidenceItemResource = defineResource({
  name: 'task/detail',
  endpoint: api.evidenceTask.getMainEvidencesInfo,
  keys: { all: evidenceKeys.all, list: evidenceKeys.items },
  rowKey: 'seq',
  routeParams: ['taskId'],
  columns: [
    { key: 'seq', label: 'evidenceTask.item.seq', width: 80, priority: 1 },
    { key: 'tier', label: 'evidenceTask.item.tier', width: 70, priority: 1 },
    {
      key: 'direction',
      label: 'evidenceTask.item.direction',
      width: 90,
      render: (r, { t }) => t(`evidenceTask.item.directions.${r.direction}`),
    },
    {
      key: 'enterpriseName',
      label: 'evidenceTask.item.owner',
      width: 200,
      priority: 1,
      render: (r, { t, lang }) => (
        <Space size={4}>
          <span>{(lang === 'en' && r.enterpriseNameEn) || r.enterpriseName}</span>
          <Tag color={r.own ? 'blue' : 'default'}>
            {t(r.own ? 'evidenceTask.item.own' : 'evidenceTask.item.counterparty')}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'eventType',
      label: 'evidenceTask.item.record',
      width: 180,
      priority: 1,
      render: (r, { t }) => <span title={r.eventType}>{eventTypeLabel(r.eventType, t)}</span>,
    },
    { key: 'label', label: 'evidenceTask.item.label', width: 220 },
    {
      key: 'blockHeight',
      label: 'evidenceTask.item.block',
      width: 130,
      render: (r, { t }) => (
        <Space size={4}>
          <span>#{r.blockHeight}</span>
          {r.anchored && <Tag color="green">{t('evidenceTask.item.anchored')}</Tag>}
        </Space>
      ),
    },
    { key: 'leafIndex', label: 'evidenceTask.item.leafIndex', width: 100, priority: 3 },
    {
      key: 'leafHash',
      label: 'evidenceTask.item.leafHash',
      width: 200,
      priority: 3,
      render: (r) => (
        <Typography.Text code copyable={{ text: r.leafHash }}>
          {r.leafHash.slice(0, 16)}…
        </Typography.Text>
      ),
    },
    {
      key: 'opened',
      label: 'evidenceTask.item.disclosure',
      width: 200,
      render: (r, { t }) =>
        r.opened
          ? t('evidenceTask.item.opened')
          : r.withheld.length
            ? t('evidenceTask.item.withheld', { fields: r.withheld.join(', ') })
            : t('evidenceTask.item.hashOnly'),
    },
  ],
  search: [
    {
      type: 'select',
      prop: 'own',
      label: 'evidenceTask.item.owner',
      options: ({ t }) => [
        { value: 'own', label: t('evidenceTask.item.own') },
        { value: 'counterparty', label: t('evidenceTask.item.counterparty') },
      ],
    },
    { type: 'number', prop: 'tier', label: 'evidenceTask.item.tier', min: 0, max: 1000 },
  ],
  code: EVIDENCE_TASK_CODES.view,
});
