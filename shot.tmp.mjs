import { chromium } from '@playwright/test';
const [,, base, user, lang, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.goto(base + '/');
await page.evaluate((l) => localStorage.setItem('lang', l), lang);
if (user !== '-') {
  await page.goto(base + '/');
  await page.getByLabel(/Uživatelské jméno|Username/).fill(user);
  await page.getByLabel(/^Heslo|^Password/).fill('demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/dashboard/);
}
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(800);
  const name = `/tmp/shots/${user}-${lang}-${p.replace(/[^a-z0-9]/gi, '_')}.png`;
  await page.screenshot({ path: name });
  console.log(name, await page.title());
}
await browser.close();
