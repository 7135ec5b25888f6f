import type { Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo@12345';
export const AUTOMAKER = { zh: '星河汽车股份有限公司', en: 'Galaxy Motors Co., Ltd.' } as const;

/** The select-enterprise dialog's rows. */
export function enterpriseRows(page: Page): Locator {
  return page.getByTestId('enterprise-row');
}

/** First sign-in step by password; resolves when the select-enterprise dialog shows its rows. */
export async function submitPassword(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('select-enterprise-dialog').waitFor();
}

/**
 * First sign-in with a one-time password (a new member, a reset): resolves when the login page shows the
 * change-password step, the only thing such a sign-in allows.
 */
export async function submitOneTimePassword(
  page: Page,
  account: string,
  oneTimePassword: string,
): Promise<void> {
  await page.goto('/login');
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(oneTimePassword);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('change-password-step').waitFor();
}

/**
 * Fills and sends the change-password step. `then`: 'dialog' waits for the enterprise choice, 'console' for
 * the workbench (an account with one enterprise goes straight in), 'stay' waits for nothing (a refusal).
 */
export async function setNewPassword(
  page: Page,
  password: string,
  then: 'dialog' | 'console' | 'stay',
): Promise<void> {
  await page.locator('#change-password_password').fill(password);
  await page.locator('#change-password_confirmPassword').fill(password);
  await page.getByTestId('change-password-submit').click();
  if (then === 'dialog') await page.getByTestId('select-enterprise-dialog').waitFor();
  if (then === 'console') {
    await page.waitForURL('**/workbench');
    await page.getByTestId('workbench').waitFor();
  }
}

/**
 * Signs in and enters the enterprise whose row shows `enterpriseName`; waits for the workbench. An account
 * with one usable enterprise goes straight in (no dialog): then the navbar must name that enterprise.
 */
export async function signIn(page: Page, account: string, enterpriseName: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  const dialog = page.getByTestId('select-enterprise-dialog');
  const workbench = page.getByTestId('workbench');
  await dialog.or(workbench).first().waitFor();
  if (await dialog.isVisible()) await enterpriseRows(page).filter({ hasText: enterpriseName }).click();
  await page.waitForURL('**/workbench');
  await workbench.waitFor();
  await page.getByTestId('user-dropdown').filter({ hasText: enterpriseName }).waitFor();
}

/** The visited-page tabs. */
export function tabs(page: Page): Locator {
  return page.getByTestId('tab');
}

export function tab(page: Page, name: string): Locator {
  return page.locator(`[data-testid="tab"][data-name="${name}"]`);
}

export async function tabNames(page: Page): Promise<string[]> {
  return tabs(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-name') ?? ''));
}

/** Opens a sidebar entry by its visible path of titles, e.g. ['用户中心', '基本信息']. */
export async function openFromSidebar(page: Page, titles: readonly string[]): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  for (const [index, title] of titles.entries()) {
    const last = index === titles.length - 1;
    if (last) {
      await sidebar.locator('.ant-menu-item').filter({ hasText: title }).first().click();
      continue;
    }
    const titleBar = page.locator('.ant-menu-submenu-title', { hasText: title });
    const submenu = sidebar.locator('.ant-menu-submenu').filter({ has: titleBar }).first();
    const isOpen = await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open'));
    if (!isOpen) await submenu.locator('.ant-menu-submenu-title').first().click();
  }
}

/** The dropdown open now (closed ones stay in the page, hidden). */
export function openDropdown(page: Page): Locator {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
}

/**
 * Waits until the open dropdown has finished its opening motion. A click while it still slides in can land
 * on the page beneath (Playwright's "stable" check passes between two frames of a slow animation), which
 * closes the menu instead of choosing the item: seen on a loaded CI machine.
 */
export async function settledDropdown(page: Page): Promise<Locator> {
  const menu = openDropdown(page);
  await menu.waitFor();
  await menu.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const moving = () =>
          /-(enter|appear|leave)(-|\s|$)/.test(el.className) ||
          el.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
        const tick = () => (moving() ? requestAnimationFrame(tick) : resolve());
        tick();
      }),
  );
  return menu;
}

/** An item of the dropdown menu that is open now. */
export function openMenuItem(page: Page, name: string): Locator {
  const title = page.locator('.ant-dropdown-menu-title-content', { hasText: new RegExp(`^${name}$`) });
  return openDropdown(page).getByRole('menuitem').filter({ has: title });
}

/** Clicks an item of the open dropdown menu once it has settled, and waits until the menu has closed. */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  await settledDropdown(page);
  await openMenuItem(page, name).click();
  await openDropdown(page).waitFor({ state: 'detached' });
}

/**
 * Registers an account through /register, the e-mailed code read by `readCode` once it was asked for (the
 * dev outbox, or the operator end's), then signs in with it; resolves when the select-enterprise dialog shows.
 */
export async function registerAndSignIn(
  page: Page,
  account: { username: string; email: string; password: string },
  readCode: () => Promise<string>,
): Promise<void> {
  await page.goto('/register');
  await page.locator('#register_username').fill(account.username);
  await page.locator('#register_email').fill(account.email);
  await page.getByTestId('send-code').click();
  await page.locator('#register_code').fill(await readCode());
  await page.locator('#register_password').fill(account.password);
  await page.locator('#register_confirmPassword').fill(account.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL('**/login');
  await submitPassword(page, account.username, account.password);
}

/**
 * Closes the dropdown of the antd select whose input this is, if it is still open (a multiple select stays
 * open after a choice, a single one closes). Escape only then: with nothing open it would reach the dialog
 * around the select and close it (motion off, a single select's dropdown is gone at once).
 */
async function closeSelect(page: Page, input: Locator): Promise<void> {
  if ((await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
}

/**
 * Chooses an option of the antd select with this id by its label, and waits until the select shows it: a
 * remote search that answers while the option is clicked re-renders the list, and a busy machine makes that
 * likely, so the choice is made again (up to three times) until it holds.
 */
export async function chooseOption(
  page: Page,
  selectId: string,
  label: string,
  typed?: string,
): Promise<void> {
  const select = page.locator(`#${selectId}`);
  // The select shows the chosen label (a tag of a multiple select); the dropdown lives outside it.
  const chosen = page.locator('.ant-select', { has: select }).filter({ hasText: label });
  for (let attempt = 0; attempt < 3 && (await chosen.count()) === 0; attempt++) {
    await select.click();
    if (typed) await select.fill(typed);
    const option = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      {
        hasText: label,
      },
    );
    await option.first().waitFor();
    // Let the search's answer land before choosing from it.
    await page.waitForLoadState('networkidle');
    await option.first().click();
    await closeSelect(page, select);
  }
  await chosen.first().waitFor();
}
