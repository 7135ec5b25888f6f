import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { operatorSignIn } from './support/certify';
import { makePdf } from './support/files';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { message, row } from './support/lists';
import { useHarness } from './support/harness';

const TEXT = {
  zh: {
    menu: ['工单', '工单列表'],
    recycle: ['工单', '回收站'],
    deleted: '已删除到回收站',
    restored: '工单已恢复',
    module: '基础数据',
    created: '工单已提交',
    pending: '待处理',
    inProgress: '处理中',
    done: '已完成',
    handled: '已开始处理',
    solved: '工单已处理完成',
    actions: ['提交工单', '开始处理', '处理完成'],
  },
  en: {
    menu: ['Work Orders', 'Work Orders'],
    recycle: ['Work Orders', 'Recycle Bin'],
    deleted: 'Moved to the recycle bin',
    restored: 'Work order restored',
    module: 'Master Data',
    created: 'Work order submitted',
    pending: 'Pending',
    inProgress: 'In progress',
    done: 'Done',
    handled: 'Taken in hand',
    solved: 'Work order solved',
    actions: ['Submitted', 'Taken in hand', 'Solved'],
  },
} as const;

describe('support tickets', () => {
  const h = useHarness();

  it.each(['zh', 'en'] as const)(
    'a member submits a ticket, the operator handles and solves it, the submitter sees Done and the log (%s)',
    async (lang) => {
      const text = TEXT[lang];
      const title = `${lang}-导入模板报错`;
      const remark = lang === 'zh' ? '已更新导入模板' : 'The import template is fixed';

      // The enterprise end: submit a ticket with an attachment.
      const member = await h.session(lang);
      await signIn(member.page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(member.page, text.menu);
      const list = member.page.getByTestId('list-issue/list');
      await list.waitFor();
      await list.getByTestId('toolbar-create').click();
      const form = member.page.getByTestId('ticket-form-dialog');
      await form.waitFor();
      await form.locator('#ticket-form-dialog_title').fill(title);
      await member.page.locator('#ticket-form-dialog_module').click();
      await member.page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
          hasText: text.module,
        })
        .first()
        .click();
      await form
        .locator('#ticket-form-dialog_description')
        .fill('上传物料时提示表头不一致 / header mismatch');
      await form
        .getByTestId('ticket-file-input')
        .setInputFiles({ name: 'screen.pdf', mimeType: 'application/pdf', buffer: makePdf() });
      await form.getByTestId('ticket-file-name').getByText('screen.pdf').waitFor();
      await screenshot(member.page, `ticket-create-${lang}`);
      await member.page.getByTestId('dialog-confirm').click();
      await message(member.page, text.created);
      const created = row(list, title);
      await created.getByTestId('ticket-status').getByText(text.pending).waitFor();
      const ticketNo =
        (await created
          .locator('td')
          .filter({ hasText: /^GD\d{14}$/ })
          .textContent()) ?? '';
      expect(ticketNo).toMatch(/^GD\d{14}$/);

      // The operator end: the queue shows the enterprise; handle, then solve with a remark.
      const operator = await h.session(lang);
      await operatorSignIn(operator.page);
      await operator.page.getByTestId('operator-menu-ticket').click();
      const queue = operator.page.getByTestId('list-operator/workOrder');
      const queued = row(queue, ticketNo);
      await queued.waitFor();
      expect(await queued.textContent()).toContain(AUTOMAKER[lang]);
      await queued.getByTestId('action-open').click();
      const dialog = operator.page.getByTestId('operator-ticket-dialog');
      await dialog.getByTestId('ticket-attachment').getByText('screen.pdf').waitFor();
      await operator.page.getByTestId('dialog-confirm').click();
      await message(operator.page, text.handled);
      await queued.getByTestId('ticket-status').getByText(text.inProgress).waitFor();
      await queued.getByTestId('action-open').click();
      await dialog.getByTestId('ticket-solve-remark').waitFor();
      // The remark is required: the contract's rule refuses an empty one in the browser.
      await operator.page.getByTestId('dialog-confirm').click();
      await dialog.locator('.ant-form-item-explain-error').waitFor();
      await dialog.getByTestId('ticket-solve-remark').fill(remark);
      await screenshot(operator.page, `ticket-operator-solve-${lang}`);
      await operator.page.getByTestId('dialog-confirm').click();
      await message(operator.page, text.solved);
      await queued.getByTestId('ticket-status').getByText(text.done).waitFor();

      // Back at the enterprise end: Done, the remark, and the status log.
      await member.page.reload();
      await created.getByTestId('ticket-status').getByText(text.done).waitFor();
      await created.getByTestId('action-view').click();
      const detail = member.page.getByTestId('ticket-detail-dialog');
      await detail.getByTestId('ticket-remark').getByText(remark).waitFor();
      const entries = detail.getByTestId('ticket-log-entry');
      await expect.poll(() => entries.count()).toBe(3);
      const log = await entries.allTextContents();
      text.actions.forEach((action, i) => expect(log[i]).toContain(action));
      expect(log[2]).toContain(text.done);
      await screenshot(member.page, `ticket-detail-${lang}`);
      await member.page.getByTestId('dialog-confirm').click();
      await detail.waitFor({ state: 'detached' });

      // Done: deleted to the recycle bin, and restored from it.
      await created.getByTestId('action-delete').click();
      await member.page.getByTestId('confirm-ok').click();
      await message(member.page, text.deleted);
      await created.waitFor({ state: 'detached' });
      await openFromSidebar(member.page, text.recycle);
      const bin = member.page.getByTestId('list-issue/recycle');
      const binned = row(bin, title);
      await binned.waitFor();
      await screenshot(member.page, `ticket-recycle-${lang}`);
      await binned.getByTestId('action-restore').click();
      await member.page.getByTestId('confirm-ok').click();
      await message(member.page, text.restored);
      await binned.waitFor({ state: 'detached' });
      await openFromSidebar(member.page, text.menu);
      await created.getByTestId('ticket-status').getByText(text.done).waitFor();

      expect(member.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      expect(operator.errors).toEqual([]);
    },
  );
});
