import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { usciCheckChar } from '@tracehub/contract';
import { enterpriseRows, registerAndSignIn } from './flows';
import { latestMailCode } from './server';

// Helpers of the certification and operator browser tests: real PNG files, a fresh account, the company
// form, and the operator's sign-in.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG: a coloured card with a lighter header band, so previews show something. */
export function makePng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const band = y < height / 4;
    for (let x = 0; x < width; x++) {
      const light = band || (x > width * 0.1 && x < width * 0.35 && y > height * 0.4 && y < height * 0.85);
      row.set(light ? rgb.map((v) => Math.min(255, v + 90)) : rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const png: Buffer[] = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  png.push(
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  );
  return Buffer.concat(png);
}

export const usciOf = (first17: string): string => first17 + (usciCheckChar(first17) ?? '');

/** Registry companies the server seeds for its built-in verifier (apps/server/src/seed/demo-companies.ts). */
export const REGISTRY = {
  /** demo-applicant's application for it waits in the audit queue. */
  jiangnan: {
    usci: usciOf('91320211MA1W3K5P7'),
    zh: '江南精密部件有限公司',
    en: 'Jiangnan Precision Parts Co., Ltd.',
  },
  huadong: {
    usci: usciOf('91330100MA2H6R8T1'),
    zh: '华东新材料科技有限公司',
    en: 'East China New Materials Technology Co., Ltd.',
  },
  lingnan: {
    usci: usciOf('91440101MA5D2N4Q9'),
    zh: '岭南电子元件有限公司',
    en: 'Lingnan Electronic Components Co., Ltd.',
  },
} as const;
export type TRegistryCompany = (typeof REGISTRY)[keyof typeof REGISTRY];

/** A valid resident ID number (GB 11643 check character). */
export const LEGAL_PERSON_ID = '11010519491231002X';

/**
 * Registers an account (code from the dev outbox), signs in and chooses "certify a new enterprise" in the
 * select-enterprise dialog; resolves on /identify.
 */
export async function registerAndStartCertifying(
  page: Page,
  baseUrl: string,
  username: string,
): Promise<void> {
  const email = `${username}@example.com`;
  await registerAndSignIn(page, { username, email, password: 'Certify@2024' }, () =>
    pollCode(baseUrl, email),
  );
  if ((await enterpriseRows(page).count()) !== 0) throw new Error('A new account has no enterprises');
  await page.getByTestId('certify-new-enterprise').click();
  await page.waitForURL('**/identify');
  await page.getByTestId('company-form').waitFor();
}

async function pollCode(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await latestMailCode(baseUrl, email);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return latestMailCode(baseUrl, email);
}

/** Picks an option of an antd select by typing and Enter (the first match). */
async function choose(page: Page, inputId: string, text: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(text);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .first()
    .waitFor();
  await input.press('Enter');
}

async function typeDate(page: Page, inputId: string, date: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** Fills every field of the company form for a registry company, uploads the three images. */
export async function fillCompanyForm(
  page: Page,
  company: TRegistryCompany,
  lang: 'zh' | 'en',
): Promise<void> {
  const f = (name: string) => page.locator(`#company_${name}`);
  await f('name').fill(company.zh);
  await f('englishName').fill(company.en);
  await f('chineseShort').fill(company.zh.slice(0, 4));
  await f('usci').fill(company.usci);
  await typeDate(page, 'company_businessTermFrom', '2015/06/01');
  await page.getByTestId('businessTermLong-check').check();

  const labels =
    lang === 'zh'
      ? { attribute: '生产型', scene: '美国与欧盟', deployment: '分布式部署', province: '浙江', city: '杭州' }
      : {
          attribute: 'Manufacturing type',
          scene: 'US & EU',
          deployment: 'Distributed',
          province: 'Zhejiang',
          city: 'Hangzhou',
        };
  await page.locator('#company_businessAttribute').getByText(labels.attribute, { exact: true }).click();
  await page.locator('#company_scene').getByText(labels.scene, { exact: true }).click();
  await page.locator('#company_deploymentMethod').getByText(labels.deployment, { exact: true }).click();

  await choose(page, 'company_registeredAddress_province', labels.province);
  await choose(page, 'company_registeredAddress_city', labels.city);
  await f('registeredAddress_area').fill('滨江区');
  await f('registeredAddress_detail').fill('江南大道 1000 号');
  await f('registeredAddress_detailEn').fill('No. 1000 Jiangnan Avenue, Binjiang District, Hangzhou');
  await f('registeredAddress_longitude').fill('120.2108');
  await f('registeredAddress_latitude').fill('30.2084');

  await f('legalPersonName').fill('张伟');
  await f('legalPersonIdNumber').fill(LEGAL_PERSON_ID);
  await typeDate(page, 'company_legalPersonIdValidFrom', '2019/01/01');
  await typeDate(page, 'company_legalPersonIdValidTo', '2039/01/01');

  const uploads: [string, readonly [number, number, number]][] = [
    ['upload-idPhotoFront', [59, 163, 243]],
    ['upload-idPhotoBack', [238, 178, 83]],
    ['upload-businessLicence', [56, 195, 164]],
  ];
  for (const [testId, colour] of uploads) {
    const box = page.getByTestId(testId);
    await box.locator('input[type=file]').setInputFiles({
      name: `${testId}.png`,
      mimeType: 'image/png',
      buffer: makePng(320, 200, colour),
    });
    await page.getByTestId(`${testId}-preview`).waitFor();
  }
}

/** Signs in at the operator end's own login page. */
export async function operatorSignIn(
  page: Page,
  account = 'operator',
  password = 'Demo@12345',
): Promise<void> {
  await page.goto('/operator/login');
  await page.locator('#operatorLogin_loginAccount').fill(account);
  await page.locator('#operatorLogin_password').fill(password);
  await page.getByTestId('operator-login-submit').click();
  await page.getByTestId('operator-layout').waitFor();
}
