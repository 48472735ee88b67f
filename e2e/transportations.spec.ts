import { choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

/** Today in Prague as the Czech date input reads it (1.3.2026): newer than every demo haul. */
function todayCzech(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${part('day')}.${part('month')}.${part('year')}`;
}

const rowField = (page: Page, label: string, n: number) =>
  page.getByRole('textbox', { name: `${label} (řádek ${n})`, exact: true });
const definition = (page: Page, label: string) =>
  page.getByRole('row').filter({ hasText: new RegExp(`^${label}`) });

test('a dispatcher records a bezrukáč haul for a new buyer, corrects it, keeps its delivery note and deletes it', async ({
  page,
}) => {
  const today = todayCzech();
  await signIn(page, 'dispatcher');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Přepravy' }).click();
  await expect(page.getByRole('heading', { name: 'Přepravy' })).toBeVisible();
  await page.getByRole('link', { name: 'Přidat přepravu' }).click();
  await expect(page).toHaveURL(/\/transportation\/add$/);

  // Nothing filled in: the red alert of domain.md §2.5, nothing sent.
  await page.getByRole('button', { name: 'Vytvořit přepravu' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vyplňte prosím všechna povinná pole');

  await page.getByRole('radio', { name: 'Bezrukáč' }).check();
  await page.getByRole('radio', { name: 'LogrealPešek' }).check();
  await page.getByLabel(/^Datum/).fill(today);
  await page.keyboard.press('Escape');
  await choose(page, 'Řidič', 'Josef Černý');
  await choose(page, 'Přeprava dřeva pro', 'Lesy Vysočina a.s.');
  await rowField(page, 'CMR nebo číslo vagonu', 1).fill('CMR 7700101');
  await rowField(page, 'Množství', 1).fill('24,5');
  await page.getByRole('button', { name: 'Přidat řádek za řádek 1' }).first().click();
  await rowField(page, 'CMR nebo číslo vagonu', 2).fill('CMR 7700102');
  await rowField(page, 'Množství', 2).fill('18');
  await choose(page, 'Odběratel', 'Jiný odběratel…');
  await page.getByLabel(/^Nový odběratel/).fill('Pila Kamenice nad Lipou s.r.o.');
  await choose(page, 'Sortiment dřeva', 'Smrková kulatina');
  await rowField(page, 'Místo nakládky', 1).fill('Radešín, lesní cesta u Pasek');
  await rowField(page, 'Místo vykládky', 1).fill('Kamenice nad Lipou, pila');
  await page.getByRole('button', { name: 'Přidat řádek za řádek 1' }).last().click();
  await rowField(page, 'Místo nakládky', 2).fill('Mrákotín, porost Javořice');
  await rowField(page, 'Místo vykládky', 2).fill('Lukavec, areál družstva');
  await choose(page, 'SPZ', '2J5 7781');
  await page.getByRole('button', { name: 'Vytvořit přepravu' }).click();

  await expect(page).toHaveURL(/\/transportations$/);
  const notice = page.getByText(/^Přeprava č\. \d+ byla přidána\.$/);
  await expect(notice).toBeVisible();
  const id = /č\. (\d+)/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  const listed = page.getByRole('row').nth(1);
  await expect(listed.getByRole('link', { name: id, exact: true })).toBeVisible();
  await expect(listed).toContainText(today);
  await expect(listed).toContainText('Lesy Vysočina a.s.');
  await expect(listed).toContainText('Pila Kamenice nad Lipou s.r.o.');

  await listed.getByRole('link', { name: `Detail přepravy č. ${id}` }).click();
  await expect(page.getByRole('heading', { name: `Přeprava č. ${id}` })).toBeVisible();
  await expect(definition(page, 'Typ přepravy')).toContainText('Bezrukáč');
  await expect(definition(page, 'Kdo nakládal')).toContainText('LogrealPešek');
  await expect(definition(page, 'CMR / čísla vagonů')).toContainText('CMR 7700101 — 24,5');
  await expect(definition(page, 'CMR / čísla vagonů')).toContainText('CMR 7700102 — 18');
  await expect(definition(page, 'Místa vykládky')).toContainText('Lukavec, areál družstva');
  await expect(definition(page, 'SPZ')).toContainText('2J5 7781');

  // Correct it: the second pair loses its delivery place, the buyer typed differently is the same one.
  await page.getByRole('link', { name: 'Upravit' }).click();
  await expect(page.getByRole('heading', { name: `Úprava přepravy č. ${id}` })).toBeVisible();
  await expect(page.getByLabel(/^Datum/)).toHaveValue(today);
  await expect(rowField(page, 'Místo nakládky', 2)).toHaveValue('Mrákotín, porost Javořice');
  await rowField(page, 'Místo vykládky', 2).fill('');
  await choose(page, 'Odběratel', 'Jiný odběratel…');
  await page.getByLabel(/^Nový odběratel/).fill('pila kamenice  nad lipou s.r.o.');
  await page.getByRole('button', { name: 'Odebrat řádek 2' }).first().click();
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page).toHaveURL(/\/transportations$/);
  await expect(page.getByText('Přeprava byla uložena.')).toBeVisible();

  await page.getByRole('link', { name: `Detail přepravy č. ${id}` }).click();
  await expect(definition(page, 'CMR / čísla vagonů')).not.toContainText('CMR 7700102');
  await expect(definition(page, 'Místa vykládky')).toHaveText(/Kamenice nad Lipou, pila$/);
  await expect(definition(page, 'Odběratel')).toContainText('Pila Kamenice nad Lipou s.r.o.');

  // The delivery note: uploaded, downloaded under its name, and the record reloaded.
  await page.getByLabel(/^Název/).fill('Dodací list 7700101');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'dodaci-list-7700101.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Dodací list: 24,5 m³ smrkové kulatiny.'),
  });
  await page.getByRole('button', { name: 'Nahrát' }).click();
  const file = page.getByRole('row').filter({ hasText: 'Dodací list 7700101' });
  await expect(file).toContainText('dodaci-list-7700101.txt');
  const download = page.waitForEvent('download');
  await file.getByRole('link', { name: 'Stáhnout Dodací list 7700101' }).click();
  expect((await download).suggestedFilename()).toBe('dodaci-list-7700101.txt');

  await page.getByRole('button', { name: 'Smazat', exact: true }).first().click();
  await expect(page.getByRole('dialog')).toContainText(`Opravdu smazat přepravu č. ${id}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Smazat' }).click();
  await expect(page).toHaveURL(/\/transportations$/);
  await expect(page.getByText(`Přeprava č. ${id} byla smazána.`)).toBeVisible();
  await expect(page.getByRole('link', { name: id, exact: true })).toHaveCount(0);
});

test('a driver adds hauls but neither corrects nor deletes them', async ({ page }) => {
  await signIn(page, 'driver', { path: '/transportations' });
  await expect(page.getByRole('link', { name: 'Přidat přepravu' })).toBeVisible();
  await page
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^Detail přepravy/ })
    .click();
  await expect(page.getByRole('heading', { name: /^Přeprava č\. \d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upravit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Smazat', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nahrát' })).toBeVisible();
});
