import { describe, expect, it } from 'vitest';
import {
  COMPANY_TASK_ACTIONS,
  COMPANY_TASK_STATES,
  companyTaskActions,
  companyTaskTransition,
  ERRORS,
} from '../src/index.ts';

// The company abnormal-data task's state machine (checking.ts): who may do what from where, and the
// rules of results, reasons and comments.

describe('companyTaskTransition', () => {
  it('walks the supplier from pending through troubleshooting and processing to resolved', () => {
    expect(companyTaskTransition('pending', 'troubleshoot', 'supplier')).toEqual({
      ok: true,
      to: 'troubleshooting',
    });
    expect(companyTaskTransition('troubleshooting', 'process', 'supplier')).toEqual({
      ok: true,
      to: 'processing',
    });
    expect(companyTaskTransition('pending', 'process', 'supplier')).toEqual({ ok: true, to: 'processing' });
    expect(
      companyTaskTransition('processing', 'resolve', 'supplier', { result: 'resolved', comment: 'fixed' }),
    ).toEqual({
      ok: true,
      to: 'resolved',
    });
  });

  it('lets the benchmark close from any state but closed, with a result', () => {
    for (const state of COMPANY_TASK_STATES.filter((s) => s !== 'closed'))
      expect(companyTaskTransition(state, 'close', 'benchmark', { result: 'other' })).toEqual({
        ok: true,
        to: 'closed',
      });
    expect(companyTaskTransition('closed', 'close', 'benchmark', { result: 'other' })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_WRONG_STATE',
    });
  });

  it('refuses the other side, a wrong state, a missing result or reason, a long comment', () => {
    expect(companyTaskTransition('pending', 'process', 'benchmark')).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_WRONG_SIDE',
    });
    expect(companyTaskTransition('pending', 'close', 'supplier', { result: 'other' })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_WRONG_SIDE',
    });
    expect(companyTaskTransition('pending', 'resolve', 'supplier', { result: 'resolved' })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_WRONG_STATE',
    });
    expect(companyTaskTransition('resolved', 'reject', 'supplier', { comment: 'no' })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_WRONG_STATE',
    });
    expect(companyTaskTransition('processing', 'resolve', 'supplier', {})).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_RESULT_REQUIRED',
    });
    expect(companyTaskTransition('processing', 'reject', 'supplier', { comment: '   ' })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_REASON_REQUIRED',
    });
    // 500 characters (counted as characters, not UTF-16 units) pass; 501 do not.
    expect(companyTaskTransition('processing', 'reject', 'supplier', { comment: '数'.repeat(500) }).ok).toBe(
      true,
    );
    expect(companyTaskTransition('processing', 'reject', 'supplier', { comment: 'x'.repeat(501) })).toEqual({
      ok: false,
      refusal: 'COMPANY_TASK_COMMENT_TOO_LONG',
    });
  });

  it('offers each side exactly the actions the machine accepts, and every refusal is an error code', () => {
    expect(companyTaskActions('pending', 'supplier')).toEqual(['troubleshoot', 'process', 'reject']);
    expect(companyTaskActions('processing', 'supplier')).toEqual(['resolve', 'reject']);
    expect(companyTaskActions('resolved', 'supplier')).toEqual([]);
    expect(companyTaskActions('resolved', 'benchmark')).toEqual(['close']);
    expect(companyTaskActions('closed', 'benchmark')).toEqual([]);
    for (const state of COMPANY_TASK_STATES)
      for (const action of COMPANY_TASK_ACTIONS)
        for (const side of ['benchmark', 'supplier'] as const) {
          const step = companyTaskTransition(state, action, side, { result: 'other', comment: 'x' });
          if (!step.ok) expect(ERRORS[step.refusal].code).toMatch(/^B217\d$/);
          else expect(companyTaskActions(state, side)).toContain(action);
        }
  });
});
