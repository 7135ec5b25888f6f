import { describe, expect, it } from 'vitest';
import { TASK_STATUS_LABELS, ZTaskStatus, type TTask } from '@tracehub/contract';
import { en } from '../src/i18n/locales/en';
import { zh } from '../src/i18n/locales/zh';
import {
  isTaskActive,
  taskActionCodes,
  taskActionFits,
  taskPercent,
  taskPhaseText,
} from '../src/shared/tasks/taskModel';

const task = (over: Partial<TTask> = {}): TTask => ({
  id: 't1',
  kind: 'import',
  page: 'Project',
  status: 'pending',
  progress: { done: 0, total: 0, phase: null },
  reason: null,
  hasResult: false,
  resultName: null,
  operator: 'demo',
  mine: true,
  createdAt: 1,
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('background tasks in the console (shared/tasks)', () => {
  it('shows progress as a percentage, 0 while the total is unknown and 100 once completed', () => {
    expect(taskPercent(task())).toBe(0);
    expect(
      taskPercent(task({ status: 'underway', progress: { done: 25, total: 200, phase: 'writing' } })),
    ).toBe(12);
    expect(taskPercent(task({ status: 'completed', progress: { done: 0, total: 0, phase: null } }))).toBe(
      100,
    );
    expect(taskPhaseText('writing', 'en')).toBe('Writing data');
    expect(taskPhaseText('writing', 'zh')).toBe('写入数据');
    expect(taskPhaseText(null, 'en')).toBeNull();
  });

  it('polls until a task comes to rest, and offers only the actions its status allows', () => {
    expect(isTaskActive(task())).toBe(true);
    expect(isTaskActive(task({ status: 'underway' }))).toBe(true);
    for (const status of ['completed', 'failed', 'suspended', 'cancelled', 'withdrawn'] as const)
      expect(isTaskActive(task({ status }))).toBe(false);
    expect(taskActionFits(task({ status: 'failed' }), 'retry')).toBe(true);
    expect(taskActionFits(task({ status: 'suspended' }), 'retry')).toBe(true);
    expect(taskActionFits(task({ status: 'cancelled' }), 'retry')).toBe(false);
    expect(taskActionFits(task({ status: 'cancelled' }), 'cancel')).toBe(false);
    expect(taskActionFits(task({ status: 'underway' }), 'cancel')).toBe(true);
    expect(taskActionFits(task(), 'withdraw')).toBe(true);
    expect(taskActionFits(task({ mine: false }), 'withdraw')).toBe(false);
    expect(taskActionFits(task({ startedAt: 5 }), 'withdraw')).toBe(false);
    expect(taskActionFits(task({ status: 'completed', hasResult: true }), 'download')).toBe(true);
    expect(taskActionCodes(task(), 'retry')).toEqual(['Project:BatchUpload']);
    expect(taskActionCodes(task(), 'download')).toEqual(['Project:ViewUploadRecords', 'Project:BatchUpload']);
  });

  it('names every status as the contract does, in both languages', () => {
    for (const status of ZTaskStatus.options) {
      expect(zh.tasks.status[status]).toBe(TASK_STATUS_LABELS[status].zh);
      expect(en.tasks.status[status]).toBe(TASK_STATUS_LABELS[status].en);
    }
  });
});
