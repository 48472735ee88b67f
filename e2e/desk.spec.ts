import { navigation, newDraftOnItems, signIn } from './helpers';
import { expect, test } from './test';

/**
 * The dispatcher's desk (domain.md §1.2, decisions 0080–0082): order entry that keeps its work,
 * the product picker by keyboard, the week that reads at a glance, the office on a phone.
 */

test.describe('order entry', () => {
  test('a line is added by keyboard in at most 10 keys, and survives leaving the step by the menu', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher');
    const id = await newDraftOnItems(page);
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await page.getByText('CZK', { exact: true }).click();
    const search = page.getByRole('textbox', { name: 'Hledat produkt' });
    await search.click();
    // Each product shows its free and projected stock in the chosen warehouse.
    const bark = page.getByRole('radio', { name: 'Kůra smrková' });
    await expect(bark.getByTestId('picker-stock')).toHaveText(/volné|nic volné/);

    let keys = 0;
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };
    for (const key of 'kura') await press(key);
    await expect(page.getByRole('radio')).not.toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' })).toHaveCount(0);
    await press('Enter');
    const count = page.getByLabel('Množství k přidání');
    await expect(count).toBeFocused();
    // The amount field is beside the chosen product, not below the whole grid.
    const cardBox = (await bark.boundingBox())!;
    const countBox = (await count.boundingBox())!;
    expect(countBox.y - (cardBox.y + cardBox.height)).toBeLessThan(80);
    await press('3');
    await press('Enter');
    expect(keys).toBeLessThanOrEqual(10);
    const line = page.getByRole('group', { name: 'Kůra smrková' });
    await expect(line.getByLabel('Množství', { exact: true })).toHaveValue('3');
    await expect(search).toBeFocused();

    // Away by the menu and back: the line and the warehouse are still there.
    await navigation(page).getByRole('link', { name: 'Kalendář' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('calendar-title')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));
    await expect(page.getByRole('heading', { name: 'Položka (1)' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sklad Jihlava' })).toBeChecked();
    await expect(line.getByLabel('Množství', { exact: true })).toHaveValue('3');
    await expect(page.getByTestId('items-restored')).toBeVisible();
  });
});
