// Issue 20, points 3 and 4: every technical word explained where it appears (a button that
// opens a short note, by click, tap and keyboard), the method picker as one menu whose
// entries say what each method does with its heuristic, "moves from here" in the same form on
// every size, and the moves counter following a playback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, shot, BASE_URL, howToSolve } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const DESKTOP = { width: 1280, height: 800 };
// A 3x3 towards the standard goal.
const BOARD_3 = '?board=8,6,7,2,5,4,3,0,1';
const COUNT_FORM = /^(exactly \d+|at least \d+(, at most \d+)?( \(counting…\))?)$/;

/** The note a term's button opens. */
const noteOf = async (page, button) => page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);

/** Opens a view's tab, where the page has tabs. */
async function view(page, name) {
  const tab = page.locator(`#tab-${name}`);
  if (await tab.count()) await tab.click();
}

/** Every term button on the page opens its note and closes it again, by click and by keyboard. */
async function checkTerms(page, where) {
  const buttons = page.locator(`${where} button.term-word`);
  const n = await buttons.count();
  assert.ok(n > 0, `terms in ${where}`);
  for (let i = 0; i < n; i += 1) {
    const button = buttons.nth(i);
    const word = (await button.textContent()).trim();
    const note = await noteOf(page, button);
    assert.equal(await button.getAttribute('aria-expanded'), 'false', word);
    assert.ok(await note.isHidden(), `${word}: closed at first`);
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true', word);
    assert.ok(await note.isVisible(), `${word}: opens on click`);
    assert.ok((await note.textContent()).trim().length > 20, `${word}: says something`);
    await button.click();
    assert.ok(await note.isHidden(), `${word}: closes on a second click`);
    await button.focus();
    await page.keyboard.press('Enter');
    assert.ok(await note.isVisible(), `${word}: opens with Enter`);
    await page.keyboard.press('Escape');
    assert.ok(await note.isHidden(), `${word}: closes with Escape`);
    await page.keyboard.press('Space');
    assert.ok(await note.isVisible(), `${word}: opens with Space`);
    await page.keyboard.press('Space');
    assert.ok(await note.isHidden(), `${word}: closes with Space`);
  }
  return n;
}

test('every explanation opens by click and keyboard: verdict, method, coach, result, race, step-through', async () => {
  const page = await open(browser, BOARD_3, DESKTOP);
  await page.locator('#overlay-toggle').check();
  // The parity words are one "Why?" away from the plain verdict.
  await page.locator('#solvability summary').click();
  let seen = await checkTerms(page, '#solvability');
  await howToSolve(page);
  seen += await checkTerms(page, '.method-about');
  seen += await checkTerms(page, '.coach');
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: 20_000 });
  assert.match(await page.locator('.headline').textContent(), /^\d+ moves — shortest possible\?/);
  // The search's counters are under "Search details".
  await page.locator('#search-details summary').click();
  seen += await checkTerms(page, '#result');
  // A* held boards in memory: its peak is shown; expanded differs from generated.
  assert.equal(await page.locator('#peak-held').count(), 1);
  await view(page, 'race');
  await page.locator('#race-start').click();
  await page.locator('#race-table tbody tr[data-outcome="solved"]').first().waitFor({ timeout: 20_000 });
  seen += await checkTerms(page, '#race');
  await view(page, 'step');
  await page.locator('#stepper-body').waitFor();
  await page.locator('.pane .open-list').first().waitFor({ timeout: 20_000 });
  seen += await checkTerms(page, '#stepper');
  assert.ok(seen >= 25, `${seen} terms`);
  await view(page, 'play');
  await page.locator('#solvability button.term-word').first().click();
  await shot(page, '20-terms-desktop');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the method picker is one menu naming what each method does, and links keep the choice', async () => {
  const page = await open(browser, '?size=5x5', DESKTOP);
  const solve = page.locator('section[aria-labelledby="solve-title"]');
  assert.equal(await page.locator('#heuristic').count(), 0, 'no separate heuristic menu');
  assert.equal(await solve.locator('select:not(#budget)').count(), 1, 'one method menu');
  const labels = await page.locator('#algorithm option').allTextContents();
  assert.ok(labels.includes('Shortest: A* search guided by linear conflict'), labels.join(' | '));
  assert.ok(labels.includes('Shortest: A* search guided by Manhattan'), labels.join(' | '));
  assert.ok(labels.some((l) => l.startsWith('Fast, near-shortest: anytime')), labels.join(' | '));
  await howToSolve(page);
  await page.selectOption('#algorithm', 'greedy:manhattan');
  await page.waitForFunction(() => location.search.includes('method=greedy&heuristic=manhattan'));
  const again = await open(browser, `?${(await page.evaluate(() => location.search)).slice(1)}`, DESKTOP);
  assert.equal(await again.locator('#algorithm').inputValue(), 'greedy:manhattan');
  assert.deepEqual([...page.problems, ...again.problems], []);
  await page.close();
  await again.close();
});

test('"moves from here" reads the same form on 3x3, 4x4 and 5x5', async () => {
  for (const [query, exact] of [[BOARD_3, true], ['?size=4x4', false], ['?size=5x5', false]]) {
    const page = await open(browser, query, DESKTOP);
    const count = page.locator('#optimal-count');
    if (exact) await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#optimal-count')?.dataset.count || ''));
    const text = (await count.textContent()).trim();
    assert.match(text, COUNT_FORM, query);
    assert.equal(text.startsWith('exactly'), exact, `${query}: ${text}`);
    assert.equal((await page.locator('.optimal-count button.term-word').textContent()).replace('?', ''), 'Moves from here');
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('the moves counter follows a playback; the range closes as the answer plays', async () => {
  const page = await open(browser, '?size=5x5', DESKTOP);
  await howToSolve(page);
  await page.selectOption('#algorithm', 'staged');
  await page.locator('#solve').click();
  await page.locator('#length').waitFor({ timeout: 30_000 });
  const total = Number(await page.locator('#length').getAttribute('data-length'));
  await page.locator('#pause').click();
  await page.locator('.moves button.move').nth(7).click();
  assert.equal(await page.locator('#move-count').textContent(), `Moves: 8 of ${total} (the answer)`);
  // What is left of the answer is the range's top.
  assert.match(await page.locator('#optimal-count').textContent(), new RegExp(`^at least \\d+, at most ${total - 8}$`));
  // The anytime and staged answers have no one frontier: no "Peak held", no "generated".
  assert.equal(await page.locator('#peak-held').count(), 0);
  assert.equal(await page.locator('#generated').count(), 0);
  assert.match(await page.locator('.headline').textContent(), /^\d+ moves — at most [\d.]+× the shortest/);
  await page.locator('.moves button.move').last().click();
  await page.locator('#solved').waitFor();
  assert.equal(await page.locator('#move-count').textContent(), `Moves: ${total} of ${total} (the answer)`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('on a 360x640 phone, explanations open by tap and the menu fits', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  await page.goto(`${BASE_URL}/?size=4x4`);
  await page.getByRole('grid').waitFor();
  await page.locator('#solvability summary').tap();
  await page.locator('#how-to-solve summary').tap();
  for (const where of ['#solvability', '.coach', '.method-about']) {
    const button = page.locator(`${where} button.term-word`).first();
    const note = await noteOf(page, button);
    await button.tap();
    assert.ok(await note.isVisible(), `${where}: opens on tap`);
    assert.ok((await note.textContent()).trim().length > 20);
    await button.tap();
    assert.ok(await note.isHidden(), `${where}: closes on a second tap`);
  }
  await page.locator('#solvability button.term-word').first().tap();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 362, `page is ${wide} px wide`);
  await shot(page, '20-terms-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});
