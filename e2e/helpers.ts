import { expect, type Page } from '@playwright/test';

/** Signs in through the login form as a demo user (password "demo"). */
export async function signIn(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/^(Uživatelské jméno|Username)/).fill(username);
  await page.getByLabel(/^(Heslo|Password)/).fill(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const navigation = (page: Page) => page.getByRole('navigation').first();
