import { describe, expect, it } from 'vitest';
import { errorMessage, fileBizTypeExtensions, LIMITS, usciCheckChar } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { makePdf } from './support/files';
import { AUTOMAKER, DEMO_PASSWORD, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { downloaded, message, moreAction, row, rows } from './support/lists';

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';
const LOG = 'list-stage/fileErrorLog';

const TEXT = {
  zh: { title: '附件传输失败记录', shipments: '发运单', logistics: '物流', deleted: '附件已删除' },
  en: {
    title: 'Failed Attachment Transfers',
    shipments: 'Shipments',
    logistics: 'Logistics',
    deleted: 'Attachment deleted',
  },
} as const;

interface TEnvelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** The console's API as a script uses it: a session of the automaker's administrator. */
function api(baseUrl: string) {
  let token = '';
  const post = async <T>(path: string, body: unknown): Promise<TEnvelope<T>> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await response.json()) as TEnvelope<T>;
  };
  return {
    async signIn() {
      const step = await post<{ verifyKey: string }>('/login/loginByPwd', {
        loginAccount: 'demo-auto',
        password: DEMO_PASSWORD,
      });
      const session = await post<{ token: string }>('/login/selectEnterprise', {
        isLogined: false,
        loginAccount: 'demo-auto',
        enterpriseUuid: AUTO_UUID,
        verifyKey: step.data.verifyKey,
      });
      token = session.data.token;
    },
    post,
    /**
     * A shipment (LogisticsTrans) or a purchase receipt (PurchaseReceipt) of the automaker with a new partner,
     * as its bizNo: an attachment is filed under a record of the uploader's enterprise.
     */
    async document(code: 'LogisticsTrans' | 'PurchaseReceipt', n: number): Promise<string> {
      const receipt = code === 'PurchaseReceipt';
      const partnerCode = `E2E-${code}-${n}`;
      const usci = `91310115MA${String(Date.now() % 1_000_000).padStart(6, '0')}${n}`;
      await post('/partner/add', {
        partnerType: receipt ? 'supplier' : 'client',
        code: partnerCode,
        name: `${partnerCode} 有限公司`,
        usci: usci + (usciCheckChar(usci) ?? ''),
      });
      const base = { billNo: `${code}-${n}`, bizTime: Date.now(), partnerCode };
      const body = receipt
        ? { ...base, itemCode: 'ITEM-1', batchNo: `LOT-${n}`, quantity: '10' }
        : {
            ...base,
            shippingAddress: '上海',
            deliveryAddress: '苏州',
            checkoutDate: Date.now(),
            shippingLatitude: 31.2,
            shippingLongitude: 121.5,
            deliveryLatitude: 31.3,
            deliveryLongitude: 120.6,
          };
      const route = receipt ? 'stagePurchase/receipt' : 'stageLogistics/trans';
      const created = await post<{ id: number }>(`/${route}/add`, body);
      if (created.code !== '0000') throw new Error(`${route}: ${created.code} ${created.msg}`);
      return `${code}:${created.data.id}`;
    },
    async upload(query: { bizType: string; bizNo: string }, fileName: string, content: Buffer, lang: TLang) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), fileName);
      const response = await fetch(`${baseUrl}/api/file/upload?${new URLSearchParams(query).toString()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
        body: form,
      });
      return (await response.json()) as TEnvelope<{ fileKey: string } | null>;
    },
  };
}

describe('failed attachment transfers and attachments', () => {
  const h = useHarness();

  it('records refused document attachments, listed at /stage/fileErrorLog with its query (zh, en)', async () => {
    const client = api(h.server().baseUrl);
    await client.signIn();
    // A Word file for a shipment (pictures or pdf only), a pdf named .png, a file over 5 MB: all refused.
    const refusals = [
      await client.upload(
        { bizType: '400', bizNo: await client.document('LogisticsTrans', 1) },
        '运输路线.docx',
        makePdf(),
        'zh',
      ),
      await client.upload(
        { bizType: '110', bizNo: await client.document('PurchaseReceipt', 2) },
        'scale-ticket.png',
        makePdf(),
        'en',
      ),
      await client.upload(
        { bizType: '110', bizNo: await client.document('PurchaseReceipt', 3) },
        'inspection.pdf',
        Buffer.concat([makePdf(), Buffer.alloc(LIMITS.fileMaxBytes)]),
        'zh',
      ),
    ];
    expect(refusals.map((r) => r.code)).toEqual(['F1002', 'F1002', 'F1001']);

    for (const lang of ['zh', 'en'] as const) {
      const { page, errors } = await h.session(lang);
      // Without a session the page asks for sign-in first.
      await page.goto('/stage/fileErrorLog');
      await page.waitForURL('**/login?redirect=%2Fstage%2FfileErrorLog');

      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/stage/fileErrorLog');
      await page.getByTestId('file-error-log-page').waitFor();
      const list = page.getByTestId(LOG);
      await expect.poll(() => rows(list).count()).toBe(3);
      await expect.poll(() => page.title()).toContain(TEXT[lang].title);
      // Each reason in the reader's language, whatever the uploader's was.
      await row(list, 'inspection.pdf').getByText(errorMessage('FILE_TOO_LARGE', lang)).waitFor();
      await row(list, 'scale-ticket.png')
        .getByText(errorMessage('FILE_TYPE_INVALID', lang, { types: fileBizTypeExtensions('110').join('/') }))
        .waitFor();
      await screenshot(page, `file-error-log-${lang}`);

      // The named target StageFileErrorLog: its query chooses the document type and stage.
      await page.goto('/stage/fileErrorLog?bizType=400&billType=40');
      await expect.poll(() => rows(list).count()).toBe(1);
      const shipment = row(list, '运输路线.docx');
      await shipment.getByText(TEXT[lang].shipments, { exact: true }).waitFor();
      await shipment.getByText(TEXT[lang].logistics, { exact: true }).waitFor();
      await screenshot(page, `file-error-log-filtered-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    }
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`downloads an attachment by its link and deletes it from the record's attachments (${lang})`, async () => {
      const client = api(h.server().baseUrl);
      await client.signIn();
      const code = `PRJ-ATTACH-${lang}`;
      const project = await client.post<{ id: number }>('/project/add', { code, notes: '' });
      const content = makePdf();
      const uploaded = await client.upload(
        { bizType: 'attachment', bizNo: `Project:${project.data.id}` },
        '图纸.pdf',
        content,
        lang,
      );
      expect(uploaded.code).toBe('0000');

      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/basicData/project');
      const target = row(page.getByTestId('list-basicData/project'), code);
      await moreAction(page, target, 'viewAttachments');
      const dialog = page.getByTestId('attachments-dialog');
      const file = dialog.getByRole('button', { name: '图纸.pdf' });
      await file.waitFor();
      await screenshot(page, `attachments-with-delete-${lang}`);

      // The name downloads the file through a link that needs no session.
      const saved = await downloaded(page, () => file.click());
      expect(saved.name).toBe('图纸.pdf');
      expect(Buffer.compare(saved.body, content)).toBe(0);

      await dialog.getByTestId('attachment-delete').click();
      await screenshot(page, `attachment-delete-confirm-${lang}`);
      await page.getByTestId('confirm-ok').click();
      await message(page, TEXT[lang].deleted);
      await expect.poll(() => rows(dialog).count()).toBe(0);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
