import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { usciCheckChar, validationMessage } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { apiToken, post } from './support/api';
import { message, row } from './support/lists';

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';
/** The first 17 characters of certified demo enterprises' USCIs (the supplier, the mine): settled partners. */
const SETTLED_USCI = { zh: '91320500MA1N7C3D4', en: '91510100MA6C8E5F6' } as const;

const TEXT = {
  zh: {
    partners: ['基础数据', '合作企业'],
    mappings: ['基础数据', '供应商物料编码映射'],
    created: '新增成功',
    linked: '关联成功',
    settled: '已入驻',
    sent: '已发送 1 封邀请邮件',
    noEmail: '未填写邮箱',
  },
  en: {
    partners: ['Master Data', 'Partner Enterprises'],
    mappings: ['Master Data', 'Supplier Material Code Mapping'],
    created: 'Created',
    linked: 'Linked',
    settled: 'Settled',
    sent: 'Invitations sent: 1',
    noEmail: 'No e-mail address',
  },
} as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_HEADER = [
  '合作类型',
  '企业编码',
  '企业名称',
  '英文名称',
  '统一社会信用代码',
  '联系人',
  '邮箱',
  '联系电话',
  '标签',
  '备注',
  '邀请入驻',
];

async function workbook(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const withCheck = (first17: string) => `${first17}${usciCheckChar(first17)}`;

describe('partner enterprises and supplier material code mappings', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    const prefix = `E2E-${lang.toUpperCase()}`;

    it(`creates a partner after a validation error, invites partners and links a mapping (${lang})`, async () => {
      const baseUrl = h.server().baseUrl;
      const token = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
      // Two partners to invite (one without an e-mail address) and a purchased material to link.
      const usci = (n: number) =>
        withCheck(`91330100MA${lang === 'zh' ? '1' : '2'}${String(n).padStart(6, '0')}`);
      await post(
        baseUrl,
        '/partner/add',
        {
          partnerType: 'supplier',
          code: `${prefix}-MAIL`,
          name: `${prefix} 邮件企业`,
          usci: usci(1),
          email: `${lang}-invite@example.com`,
        },
        token,
      );
      await post(
        baseUrl,
        '/partner/add',
        { partnerType: 'supplier', code: `${prefix}-NOMAIL`, name: `${prefix} 无邮箱企业`, usci: usci(2) },
        token,
      );
      await post(
        baseUrl,
        '/materialData/add',
        { code: `${prefix}-BOLT`, name: `${prefix} 螺栓`, nameEn: `${prefix} Bolt` },
        token,
      );

      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.partners);
      const list = page.getByTestId('list-basicData/partner');
      await row(list, `${prefix}-MAIL`).waitFor();

      // Create: the contract's USCI rule refuses a wrong check character in the browser first.
      await list.getByTestId('toolbar-create').click();
      const form = page.getByTestId('partner-form-dialog');
      await form.waitFor();
      await form.locator('#partner-form-dialog_code').fill(`${prefix}-SUP`);
      await form
        .locator('#partner-form-dialog_name')
        .fill(lang === 'zh' ? '恒信动力电池有限公司' : 'Beichen Lithium');
      const wrong = SETTLED_USCI[lang] + (usciCheckChar(SETTLED_USCI[lang]) === '0' ? '1' : '0');
      await form.locator('#partner-form-dialog_usci').fill(wrong);
      await page.getByTestId('dialog-confirm').click();
      await form
        .locator('.ant-form-item-explain-error')
        .getByText(validationMessage('v.usci.checksum', lang))
        .waitFor();
      await screenshot(page, `partner-create-error-${lang}`);
      await form.locator('#partner-form-dialog_usci').fill(withCheck(SETTLED_USCI[lang]));
      await form.locator('#partner-form-dialog_email').fill(`${lang}-sup@example.com`);
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      // A certified enterprise has its USCI: settled, with its DID, and nothing to invite.
      const created = row(list, `${prefix}-SUP`);
      await created.getByTestId('partner-settlement').getByText(text.settled).waitFor();
      await created.locator('[data-hash^="did:ethr:"]').waitFor();
      expect(await created.getByTestId('action-invite').count()).toBe(0);
      await screenshot(page, `partner-list-${lang}`);
      await created.getByTestId('action-view').click();
      const detail = page.getByTestId('partner-detail-dialog');
      await detail.locator('[data-hash^="did:ethr:"]').waitFor();
      await screenshot(page, `partner-detail-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await detail.waitFor({ state: 'detached' });

      // Invite the two others: one mail goes out, the one without an address is listed as failed.
      for (const code of [`${prefix}-MAIL`, `${prefix}-NOMAIL`]) {
        await row(list, code).locator('.ant-checkbox-input').check();
      }
      await list.getByTestId('toolbar-invite').click();
      const invite = page.getByTestId('invite-dialog');
      await invite.getByTestId('invite-targets').getByText(`${prefix}-NOMAIL`).waitFor();
      await screenshot(page, `partner-invite-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      const result = page.getByTestId('invite-result-dialog');
      await result.getByTestId('invite-result-title').getByText(text.sent).waitFor();
      const failures = result.getByTestId('invite-failures');
      await row(failures, `${prefix}-NOMAIL`)
        .getByTestId('invite-failure-noEmail')
        .getByText(text.noEmail)
        .waitFor();
      expect(await row(failures, `${prefix}-MAIL`).count()).toBe(0);
      await screenshot(page, `partner-invite-result-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await result.waitFor({ state: 'detached' });
      await row(list, `${prefix}-NOMAIL`).getByTestId('invite-status-failed').waitFor();
      await row(list, `${prefix}-MAIL`).getByTestId('invite-status-invited').waitFor();

      // An import may invite too: its result lists the partners whose invitation failed.
      await list.getByTestId('toolbar-import').click();
      await page.getByTestId('import-dialog').waitFor();
      await page
        .getByTestId('import-file')
        .locator('input[type=file]')
        .setInputFiles({
          name: `partners-${lang}.xlsx`,
          mimeType: XLSX,
          buffer: await workbook([
            IMPORT_HEADER,
            ['供应商', `${prefix}-IMP`, `${prefix} 导入企业`, '', usci(3), '', '', '', '', '', '是'],
          ]),
        });
      await page.getByTestId('import-file-chosen').waitFor();
      await page.getByTestId('import-start').click();
      await page.locator('[data-testid="import-step"][data-step="done"]').waitFor({ timeout: 30_000 });
      const imported = page.getByTestId('import-dialog').getByTestId('invite-failures');
      await row(imported, `${prefix}-IMP`).getByTestId('invite-failure-noEmail').waitFor();
      await screenshot(page, `partner-import-invite-${lang}`);
      await page.getByTestId('import-close').click();
      await row(list, `${prefix}-IMP`).getByTestId('invite-status-failed').waitFor();

      // A supplier mapping of the new partner, linked to the purchased material on the link page.
      await openFromSidebar(page, text.mappings);
      const mappings = page.getByTestId('list-basicData/materialRelation');
      await mappings.getByTestId('toolbar-create').click();
      const mappingForm = page.getByTestId('relation-form-dialog');
      await mappingForm.waitFor();
      await page.locator('#relation-form-dialog_partnerId').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
          hasText: `${prefix}-SUP`,
        })
        .first()
        .click();
      await mappingForm.locator('#relation-form-dialog_partnerMaterialNo').fill(`${prefix}-M1`);
      await mappingForm.locator('#relation-form-dialog_partnerMaterialName').fill('电芯 / cell');
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      const mapping = row(mappings, `${prefix}-M1`);
      await mapping.getByTestId('relation-did').waitFor();
      await mapping.getByTestId('relation-not-linked').waitFor();

      await mapping.getByTestId('action-link').click();
      await page.waitForURL('**/basicData/materialRelation/link/*');
      const linkPage = page.getByTestId('link-page-supplier');
      await linkPage.getByTestId('relation-link-mapping').getByText(`${prefix}-M1`).waitFor();
      const candidates = linkPage.getByTestId('list-basicData/materialRelation/link');
      const search = candidates.getByTestId('search-combination-input');
      await search.fill(`${prefix}-BOLT`);
      await search.press('Enter');
      const bolt = row(candidates, `${prefix}-BOLT`);
      await bolt.getByTestId('action-link').click();
      await message(page, text.linked);
      await bolt.getByTestId('candidate-linked').waitFor();
      await linkPage
        .getByTestId('relation-link-mapping')
        .getByTestId('relation-own')
        .getByText(`${prefix}-BOLT`)
        .waitFor();
      await screenshot(page, `relation-link-${lang}`);

      // Back in the list, the mapping shows the linked material.
      await page.getByTestId('page-back').click();
      await page.waitForURL('**/basicData/materialRelation**');
      await row(mappings, `${prefix}-M1`).getByTestId('relation-own').getByText(`${prefix}-BOLT`).waitFor();
      await screenshot(page, `relation-list-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
