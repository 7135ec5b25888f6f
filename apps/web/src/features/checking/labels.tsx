import { Space } from 'antd';
import {
  CHECK_DATA_STATUS_LABELS,
  CHECK_LEVEL_LABELS,
  CHECK_OUTCOME_LABELS,
  CHECK_QUEUE_STATUS_LABELS,
  type TCheckCounts,
  type TCheckDataStatus,
  type TCheckLevel,
  type TCheckQueueStatus,
  type TCheckTask,
  type TLang,
} from '@tracehub/contract';
import { StatusBadge, type TBadgeColour } from '../../shared/StatusBadge';

const LEVEL_COLOURS: Readonly<Record<TCheckLevel, TBadgeColour>> = {
  fatal: 'red',
  urgent: 'yellow',
  minor: 'blue',
};
const QUEUE_COLOURS: Readonly<Record<TCheckQueueStatus, TBadgeColour>> = {
  queuing: 'grey',
  toBeExecuted: 'grey',
  executing: 'blue',
  executed: 'green',
  suspended: 'yellow',
  interrupted: 'grey',
  failed: 'red',
};

export function LevelBadge({ level, lang }: { level: TCheckLevel; lang: TLang }) {
  return <StatusBadge colour={LEVEL_COLOURS[level]}>{CHECK_LEVEL_LABELS[level][lang]}</StatusBadge>;
}

/** Both status readings of spec 4, side by side: the queue's (a badge) and the data extraction's. */
export function TaskStatus({ task, lang }: { task: TCheckTask; lang: TLang }) {
  const queue = task.queueStatus as TCheckQueueStatus;
  const data = task.dataStatus as TCheckDataStatus;
  return (
    <Space size={4} wrap data-testid={`check-status-${task.id}`}>
      <StatusBadge colour={QUEUE_COLOURS[queue] ?? 'grey'}>
        {CHECK_QUEUE_STATUS_LABELS[queue]?.[lang] ?? queue}
      </StatusBadge>
      <span>{CHECK_DATA_STATUS_LABELS[data]?.[lang] ?? data}</span>
    </Space>
  );
}

/** Abnormal counts by level (fatal / urgent / minor), and unknown ones when any. */
export function LevelCounts({ counts, lang }: { counts: TCheckCounts; lang: TLang }) {
  return (
    <Space size={4} wrap>
      {(['fatal', 'urgent', 'minor'] as const).map((l) => (
        <StatusBadge key={l} colour={LEVEL_COLOURS[l]}>
          {`${CHECK_LEVEL_LABELS[l][lang]} ${counts[l]}`}
        </StatusBadge>
      ))}
      {counts.unknown > 0 && (
        <StatusBadge colour="grey">{`${CHECK_OUTCOME_LABELS.unknown[lang]} ${counts.unknown}`}</StatusBadge>
      )}
    </Space>
  );
}
