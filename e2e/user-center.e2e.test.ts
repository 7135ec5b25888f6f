import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { dialog, message } from './support/lists';
import { latestMailCode } from './support/server';

/** A valid PNG of one teal pixel, built here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const pixels = deflateSync(Buffer.from([0, 0x38, 0xc3, 0xa4]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('user centre', () => {
  const h = useHarness();

  it('changes the session timeout and the company English name and shows them (zh)', async () => {
    const { page, errors } = await h.session('zh');
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    await openFromSidebar(page, ['用户中心', '基本信息']);
    const card = page.getByTestId('perbasic-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('30 分钟');

    await page.getByTestId('edit-session').click();
    const session = dialog(page, 'session-dialog');
    await page.locator('#session-dialog_minutes').fill('120');
    await screenshot(page, 'w1-user-session-zh');
    await session.getByTestId('dialog-confirm').click();
    await message(page, '修改成功');
    await expect.poll(() => card.textContent()).toContain('120 分钟');
    await screenshot(page, 'w1-user-perbasic-zh');
    // Kept by the server: still there after a reload.
    await page.reload();
    await expect
      .poll(async () => (await page.getByTestId('perbasic-card').textContent()) ?? '')
      .toContain('120 分钟');

    await openFromSidebar(page, ['用户中心', '企业信息']);
    await page.getByTestId('perfrom-card').getByText('Galaxy Motors Co., Ltd.').waitFor();
    await page.getByTestId('edit-english-name').click();
    const english = dialog(page, 'english-name-dialog');
    await page.locator('#english-name-dialog_englishName').fill('星河 Motors');
    await english.getByTestId('dialog-confirm').click();
    await english.locator('.ant-form-item-explain-error').waitFor();
    await page.locator('#english-name-dialog_englishName').fill('Galaxy Motors Group Co., Ltd.');
    await english.getByTestId('dialog-confirm').click();
    await message(page, '修改成功');
    await expect
      .poll(() => page.getByTestId('company-english-name').textContent())
      .toBe('Galaxy Motors Group Co., Ltd.');

    // Addresses use the certification form's fields; the dialog is wider for them.
    await page.getByTestId('edit-address').click();
    const address = dialog(page, 'address-dialog');
    await page.locator('#registeredAddress_detail').fill('安亭镇墨玉路 999 号');
    await screenshot(page, 'w1-user-address-zh');
    await address.getByTestId('dialog-confirm').click();
    await page.waitForTimeout(300);
    const addressErrors = await address.locator('.ant-form-item-explain-error').allTextContents();
    expect(addressErrors, 'the address form refused its own values').toEqual([]);
    await message(page, '修改成功');
    await page.getByTestId('address-card').getByText('安亭镇墨玉路 999 号', { exact: false }).waitFor();

    // The certificate shows the DID the card shows.
    const did = (await page.getByTestId('identity-card').locator('.mono-text').first().textContent()) ?? '';
    expect(did).toMatch(/^did:/);
    await page.getByTestId('view-certificate').click();
    const certificate = dialog(page, 'certificate-dialog');
    await certificate.getByText(did).waitFor();
    expect(await certificate.textContent()).toContain('Galaxy Motors Group Co., Ltd.');
    await screenshot(page, 'w1-user-certificate-zh');
    await certificate.getByTestId('dialog-confirm').click();
    await screenshot(page, 'w1-user-perfrom-zh');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('edits the profile, e-mail with a code, password and photo (en)', async () => {
    const { page, errors } = await h.session('en');
    await signIn(page, 'demo-supplier', 'Hengxin Power Battery Co., Ltd.');
    await openFromSidebar(page, ['User Centre', 'Basic Information']);
    const card = page.getByTestId('perbasic-card');
    await card.waitFor();

    await page.getByTestId('edit-profile').click();
    const profile = dialog(page, 'profile-dialog');
    await page.locator('#profile-dialog_chineseName').fill('李供应');
    await page.locator('#profile-dialog_englishName').fill('Li Supply');
    await profile.getByTestId('dialog-confirm').click();
    await message(page, 'Saved');
    await expect.poll(() => card.textContent()).toContain('Li Supply');

    // E-mail: the code goes to the new address; 60 s before it can be sent again.
    const newEmail = `supplier${Date.now() % 100000}@example.com`;
    await page.getByTestId('edit-email').click();
    const email = dialog(page, 'email-dialog');
    await email.getByTestId('send-mail-code').click();
    await email.getByText('E-mail is required').waitFor();
    await page.locator('#email-dialog_email').fill(newEmail);
    await email.getByTestId('send-mail-code').click();
    await message(page, 'A code was sent to the new address');
    expect(await email.getByTestId('send-mail-code').textContent()).toMatch(/Resend in \d+ s/);
    await page.locator('#email-dialog_code').fill(await latestMailCode(h.server().baseUrl, newEmail));
    await screenshot(page, 'w1-user-email-en');
    await email.getByTestId('dialog-confirm').click();
    await message(page, 'Saved');
    await expect.poll(() => card.textContent()).toContain(newEmail);

    // Password: the contract's rules and the confirmation.
    await page.getByTestId('edit-password').click();
    const password = dialog(page, 'password-dialog');
    await page.locator('#password-dialog_oldPassword').fill('Demo@12345');
    await page.locator('#password-dialog_password').fill('short');
    await page.locator('#password-dialog_confirmPassword').fill('other');
    await password.getByTestId('dialog-confirm').click();
    await password.getByText('Inconsistent password input').waitFor();
    await password.locator('.ant-form-item-explain-error').first().waitFor();
    await screenshot(page, 'w1-user-password-en');
    await page.locator('#password-dialog_password').fill('Supplier@2025');
    await page.locator('#password-dialog_confirmPassword').fill('Supplier@2025');
    await password.getByTestId('dialog-confirm').click();
    await message(page, 'Saved');

    // Photo: a text file is refused in the browser; a PNG is uploaded and shown.
    const input = card.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await message(page, 'Only jpg/jpeg/png');
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: tinyPng() });
    await message(page, 'The profile photo was updated');
    await expect.poll(() => card.getByTestId('avatar').locator('img').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'w1-user-perbasic-en');
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
