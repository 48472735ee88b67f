import { signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

/**
 * Decision 0100: the pages users land on ask for their code and their first answers while
 * index.html is parsed, before the app's entry script has even arrived; the app then reads those
 * answers instead of asking again. Any other page asks for its code from the app, once it has run.
 */
test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

/** The page's resource timings: when the chunk was asked for, when the entry script had arrived, and who asked for each answer. */
async function timings(page: Page, chunk: RegExp) {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const path = (e: PerformanceResourceTiming) => new URL(e.name).pathname;
    const first = (test: (p: string) => boolean) => entries.find((e) => test(path(e)));
    return {
      chunk: first((p) => pattern.test(p))?.startTime ?? null,
      entryArrived: first((p) => /^\/assets\/index-[^/]*\.js$/.test(p))?.responseEnd ?? null,
      answers: entries
        .filter((e) => path(e).startsWith('/api/') && !path(e).startsWith('/api/events'))
        .map((e) => `${path(e)} ${e.initiatorType}`),
    };
  }, chunk.source);
}

for (const { user, path, chunk, drawn, answers } of [
  {
    user: 'dispatcher',
    path: '/dashboard',
    chunk: /\/assets\/dashboard-page-[^/]*\.js$/,
    drawn: '.week-card',
    answers: ['/api/auth/user', '/api/config', '/api/warehouses/own'],
  },
  // "Můj den" comes drawn by the server with its answers (decision 0103): e2e/driver-drawn.spec.ts.
]) {
  test(`${path}: its code and first answers are asked for by the HTML, each answer once`, async ({
    page,
  }) => {
    await signIn(page, user, { path: null });
    // The app's entry script is held back: whatever is asked for meanwhile, the HTML asked for.
    const asked = new Set<string>();
    page.on('request', (request) => asked.add(new URL(request.url()).pathname));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const loading = page.goto(path);
    await expect
      .poll(() => [...asked], { message: 'asked for while the entry script is held back' })
      .toEqual(expect.arrayContaining([...answers, expect.stringMatching(chunk)]));
    release();
    await loading;
    await expect(page.locator(drawn).first()).toBeVisible();
    const at = await timings(page, chunk);
    for (const answer of answers)
      expect(at.answers.filter((a) => a.startsWith(`${answer} `))).toEqual([`${answer} link`]);
  });
}

test('a page users do not land on asks for its code and answers from the app', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const at = await timings(page, /\/assets\/customers-page-[^/]*\.js$/);
  expect(at.chunk).not.toBeNull();
  expect(at.chunk!).toBeGreaterThan(at.entryArrived!);
  expect(at.answers.filter((a) => a.startsWith('/api/auth/user '))).toEqual(['/api/auth/user fetch']);
});

test('the app’s stages are asked for by the HTML, each once, before its entry runs', async ({ page }) => {
  // Decision 0104: main.tsx imports the texts, React's DOM renderer, the providers and the app one
  // after another, each in a task of its own; index.html preloads them all.
  const stages = ['i18n', 'client', 'providers', 'app'].map(
    (name) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`),
  );
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const loading = page.goto('/');
  await expect
    .poll(() => stages.map((stage) => asked.some((p) => stage.test(p))), {
      message: 'asked for while the entry script is held back',
    })
    .toEqual(stages.map(() => true));
  release();
  await loading;
  await page.getByLabel(/^Uživatelské jméno/).fill('driver');
  await page.getByLabel(/^Heslo/).fill('demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/driver$/);
  for (const stage of stages) expect(asked.filter((p) => stage.test(p))).toHaveLength(1);
});
