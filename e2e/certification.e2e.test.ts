import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { AUTOMAKER, chooseMenuItem, signIn } from './support/flows';
import {
  REGISTRY,
  fillCompanyForm,
  makePng,
  operatorSignIn,
  registerAndStartCertifying,
} from './support/certify';
import { useHarness } from './support/harness';

/** did:ethr with an optional chain id and the account address. */
const DID_RE = /did:ethr:(0x[0-9a-f]+:)?0x[0-9a-fA-F]{40}/;

/** The browser logs every 4xx answer; a refused submission is one on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

describe('enterprise certification', () => {
  const h = useHarness();

  it('certifies a registry company: form, third-party check, operator approval, DID (zh)', async () => {
    const { page, errors } = await h.session('zh');
    const username = `cert${Date.now() % 100000}`;
    await registerAndStartCertifying(page, h.server().baseUrl, username);
    expect(await page.getByTestId('identify-headline').textContent()).toBe('当前账号尚未进入已认证的企业');
    await screenshot(page, 'w2-identify-form-zh');

    // Client-side validation with the contract's schema and messages.
    await page.getByTestId('company-form-submit').click();
    await page.getByText('企业名称不能为空').first().waitFor();
    await page.getByText('请上传营业执照').waitFor();
    await page.locator('#company_legalPersonIdNumber').fill('110105194912310021');
    await page.getByText('身份证号校验位不正确').waitFor();
    await page.locator('#company_registeredAddress_longitude').fill('.5');
    expect(await page.locator('#company_registeredAddress_longitude').inputValue()).toBe('0.5');
    await screenshot(page, 'w2-identify-form-errors-zh');

    await fillCompanyForm(page, REGISTRY.huadong, 'zh');
    await screenshot(page, 'w2-identify-form-filled-zh');
    await page.getByTestId('company-form-submit').click();

    // Submitted: the third-party check passed at once, the platform audit is pending.
    const card = page.getByTestId('certification-card').first();
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('pendingAudit');
    expect(await card.getByTestId('certification-status').textContent()).toBe('平台审核中');
    await card.getByText('等待平台审核，约 2-3 个工作日').waitFor();
    await screenshot(page, 'w2-identify-pending-zh');

    // The operator approves it in the audit queue.
    const operator = await h.session('zh');
    await operatorSignIn(operator.page);
    await operator.page.getByTestId('operator-menu-certification').click();
    const row = operator.page.locator('tr', { hasText: REGISTRY.huadong.zh });
    await row.waitFor();
    await screenshot(operator.page, 'w2-operator-audit-queue-zh');
    await row.getByTestId('action-review').click();
    await operator.page.getByTestId('review-content').waitFor();
    await operator.page.getByTestId('audit-image-licence-img').waitFor();
    await screenshot(operator.page, 'w2-operator-review-zh');
    await operator.page.locator('.review-images').scrollIntoViewIfNeeded();
    await screenshot(operator.page, 'w2-operator-review-images-zh');
    await operator.page.getByTestId('review-approve').click();
    await operator.page.getByTestId('confirm-ok').click();
    await operator.page.getByText('已审核通过，企业已创建').waitFor();
    await expect.poll(() => row.getByTestId('certification-row-status').textContent()).toBe('认证通过');

    // The applicant enters the new enterprise, which now has its DID.
    await page.reload();
    const approved = page.locator('[data-testid="certification-card"][data-status="approved"]');
    await approved.waitFor();
    await screenshot(page, 'w2-identify-approved-zh');
    await approved.getByTestId('certification-enter').click();
    await page.waitForURL('**/workbench');
    const enterprise = page.getByTestId('workbench-enterprise');
    await enterprise.waitFor();
    expect(await enterprise.textContent()).toMatch(DID_RE);
    await screenshot(page, 'w2-workbench-did-zh');

    await page.goto('/userCenter/perfrom');
    await page.getByTestId('perfrom-card').getByText(REGISTRY.huadong.zh).waitFor();
    const identity = page.getByTestId('identity-card');
    await identity.getByText(/^did:ethr:/).waitFor();
    const text = (await identity.textContent()) ?? '';
    expect(text).toMatch(DID_RE);
    expect(text).toMatch(/0x[0-9a-fA-F]{40}/);
    await screenshot(page, 'w2-usercenter-perfrom-zh');
    expect(errors).toEqual([]);
    expect(operator.errors).toEqual([]);
  });

  it('refuses a company another account has already submitted (en)', async () => {
    const { page, errors } = await h.session('en');
    await registerAndStartCertifying(page, h.server().baseUrl, `dup${Date.now() % 100000}`);
    expect(await page.getByTestId('identify-headline').textContent()).toBe(
      'Your account is not in a certified enterprise yet',
    );
    await page.getByTestId('company-form-submit').click();
    await page.getByText('Please upload the business licence').waitFor();
    await screenshot(page, 'w2-identify-form-errors-en');

    // Images are checked in the browser before they are sent: leading bytes, then the 5 MB limit.
    const licence = page.getByTestId('upload-businessLicence');
    await licence.locator('input[type=file]').setInputFiles({
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: Buffer.from('a text file renamed to .png'),
    });
    await page.getByText('Only jpg/jpeg/png').waitFor();
    const large = Buffer.alloc(5 * 1024 * 1024 + 1);
    large.set(makePng(4, 4, [0, 0, 0]));
    await licence
      .locator('input[type=file]')
      .setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
    await page.getByText('Max5MB').waitFor();
    expect(await licence.getAttribute('data-file-key')).toBe('');

    await fillCompanyForm(page, REGISTRY.jiangnan, 'en');
    await page.getByTestId('company-form-submit').click();
    const alert = page.getByTestId('company-form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This company has already been submitted to authenticate');
    await screenshot(page, 'w2-identify-duplicate-en');
    expect(unexpected(errors)).toEqual([]);
  });

  it('certifies an additional company from the user menu of a certified account (en)', async () => {
    const { page, errors } = await h.session('en');
    await signIn(page, 'demo-auto', AUTOMAKER.en);
    await page.getByTestId('user-dropdown').click();
    await chooseMenuItem(page, 'Certify new company');
    await page.waitForURL('**/addIdentifyEnterprise');
    expect(await page.getByTestId('identify-headline').textContent()).toBe('Certify a new enterprise');
    await page.getByTestId('company-form').waitFor();
    await screenshot(page, 'w2-add-identify-form-en');

    await fillCompanyForm(page, REGISTRY.lingnan, 'en');
    await page.getByTestId('company-form-submit').click();
    const card = page.locator('[data-testid="certification-card"][data-status="pendingAudit"]');
    await card.waitFor();
    expect(await card.getByTestId('certification-status').textContent()).toBe('Platform audit pending');
    await card.getByText('Platform audit pending, about 2-3 working days').waitFor();
    await screenshot(page, 'w2-add-identify-pending-en');

    // The current enterprise is untouched: back to its workbench.
    await page.getByTestId('identify-back-to-console').click();
    await page.waitForURL('**/workbench');
    expect(await page.getByTestId('workbench-enterprise').textContent()).toContain(AUTOMAKER.en);
    expect(errors).toEqual([]);
  });
});
