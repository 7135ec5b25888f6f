import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { enterpriseRows } from './support/flows';
import { latestMailCode } from './support/server';
import { useHarness } from './support/harness';

describe('registration', () => {
  const h = useHarness();

  it('registers an account, signs in and goes on to certify a new enterprise (en)', async () => {
    const { page, errors } = await h.session('en');
    const username = `newcomer${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    const password = 'Newcomer@2024';

    await page.goto('/register');
    await expect.poll(() => page.title()).toBe('Create an account - Tracehub');

    // Client-side validation with the contract's schemas and messages.
    await page.getByTestId('register-submit').click();
    await page.getByText('User name is required').waitFor();
    await page.getByText('Please read and tick the user agreement').waitFor();
    await page.locator('#register_password').fill('short');
    await page.getByText(/The password must have 8-20 characters/).waitFor();
    await screenshot(page, 'register-errors-en');

    await page.locator('#register_username').fill(username);
    await page.locator('#register_email').fill(email);
    await page.getByTestId('send-code').click();
    await page.getByText('The code has been sent, please check your e-mail').waitFor();
    expect(await page.getByTestId('send-code').textContent()).toMatch(/Resend in \d+ s/);
    const code = await latestMailCode(h.server().baseUrl, email);
    await page.locator('#register_code').fill(code);
    await page.locator('#register_password').fill(password);
    await page.locator('#register_confirmPassword').fill(`${password}x`);
    await page.getByText('Inconsistent password input').waitFor();
    await page.locator('#register_confirmPassword').fill(password);
    await page.getByTestId('agreement').check();
    await page.getByTestId('register-submit').click();
    await page.getByText('Registered, please sign in').waitFor();
    await page.waitForURL('**/login');

    await page.locator('#login_loginAccount').fill(username);
    await page.locator('#login_password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('select-enterprise-dialog').waitFor();
    expect(await enterpriseRows(page).count()).toBe(0);
    expect(await page.getByTestId('enterprise-add-row').count()).toBe(1);
    await screenshot(page, 'certify-choice-en');

    await page.getByTestId('certify-new-enterprise').click();
    await page.waitForURL('**/identify');
    await page.getByTestId('identify-page').waitFor();
    expect(await page.getByTestId('identify-headline').textContent()).toBe(
      'Your account is not in a certified enterprise yet',
    );
    await screenshot(page, 'identify-en');

    // Without a certified enterprise every console page leads back here.
    await page.goto('/workbench');
    await page.waitForURL('**/identify');
    expect(errors).toEqual([]);
  });
});
