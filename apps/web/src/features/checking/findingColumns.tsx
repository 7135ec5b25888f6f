import { Button, Space } from 'antd';
import {
  CHECK_LEVEL_LABELS,
  CHECK_LEVELS,
  CHECK_OUTCOME_LABELS,
  CHECK_OUTCOMES,
  FINDING_STATE_LABELS,
  documentTypeByTypeCode,
  type TCheckFinding,
  type TCitedRecord,
} from '@tracehub/contract';
import type { TColumnDef, TSearchField } from '../../shared/list/types';
import { LevelBadge } from './labels';

/** Where a cited record is listed: its document type's page, searched by its number. */
export function citedHref(type: string, label: string): string | null {
  const def = /^[0-9]+$/.test(type) ? documentTypeByTypeCode(Number(type)) : undefined;
  return def ? `/${def.route}?billNo=${encodeURIComponent(label)}` : null;
}

/** The records a finding cites: documents as links to their list, partners by code. */
export function CitedRecords({ cited }: { cited: readonly TCitedRecord[] }) {
  return (
    <Space size={0} wrap>
      {cited.map((c) => {
        const href = citedHref(c.type, c.label);
        return href ? (
          <Button key={`${c.type}-${c.id}`} type="link" size="small" href={href}>
            {c.label}
          </Button>
        ) : (
          <span key={`${c.type}-${c.id}`} style={{ marginRight: 8 }}>
            {c.label}
          </span>
        );
      })}
    </Space>
  );
}

/**
 * A finding's columns (a task's abnormal data, a daily report's abnormal records): level, check, outcome,
 * state across runs, message and cited records.
 */
export const findingColumns: readonly TColumnDef<TCheckFinding>[] = [
  {
    key: 'level',
    label: 'checking.fields.level',
    width: 90,
    priority: 1,
    render: (r, { lang }) => <LevelBadge level={r.level} lang={lang} />,
  },
  {
    key: 'checkName',
    label: 'checking.fields.check',
    width: 240,
    priority: 1,
    render: (r, { lang }) => `${r.checkName[lang]} v${r.checkVersion}`,
  },
  {
    key: 'outcome',
    label: 'checking.fields.outcome',
    width: 120,
    render: (r, { lang }) => CHECK_OUTCOME_LABELS[r.outcome][lang],
  },
  {
    key: 'state',
    label: 'checking.fields.state',
    width: 90,
    render: (r, { lang }) => FINDING_STATE_LABELS[r.state][lang],
  },
  {
    key: 'message',
    label: 'checking.fields.message',
    width: 420,
    priority: 1,
    render: (r, { lang }) => r.message[lang],
  },
  {
    key: 'cited',
    label: 'checking.fields.cited',
    width: 260,
    render: (r) => <CitedRecords cited={r.cited} />,
  },
];

/** A finding list's level search. */
export const levelSearch: TSearchField = {
  type: 'select',
  prop: 'level',
  label: 'checking.fields.level',
  options: ({ lang }) => CHECK_LEVELS.map((l) => ({ value: l, label: CHECK_LEVEL_LABELS[l][lang] })),
};

/** A finding list's outcome search (abnormal, unknown, fixed-and-passed). */
export const outcomeSearch: TSearchField = {
  type: 'select',
  prop: 'outcome',
  label: 'checking.fields.outcome',
  options: ({ lang }) => CHECK_OUTCOMES.map((o) => ({ value: o, label: CHECK_OUTCOME_LABELS[o][lang] })),
};
