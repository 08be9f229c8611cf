// Issue 56, the heuristic lab (first part): under the Experiment, a formula with an error
// shows where it goes wrong as it is typed; fixed, "Check every board" runs in a worker and
// gives the verdicts `npuzzle heuristic check --json` gives for the same formula and goal;
// a board it overestimates loads on the board, and another goal clears the verdicts; Cancel
// stops a long check. At 1280x800 (light)
// and 360x640 (dark, touch), with screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { NPUZZLE, launch, open, openView, shot, board, moreOptions, bfsDistance, SNAIL_3, howToSolve, SCREENS } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });


for (const [screen, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${screen}: a formula's error points at it; its verdicts are the CLI's; a board it overestimates loads`, async () => {
    const page = await open(browser, '?board=1,2,3,4,5,6,7,0,8&goal=snail', viewport, device);
    await openView(page, 'experiment');
    const formula = page.locator('#lab-formula');
    await formula.fill('manhattan + * 2');
    const error = page.locator('#lab-error');
    await error.waitFor();
    assert.equal(await error.getAttribute('data-column'), '13');
    assert.match(await error.textContent(), /Column 13: expected a number, a name or `\(`, found `\*`/);
    assert.equal(await page.locator('#lab-check').isDisabled(), true, 'no check of a formula that does not read');
    await error.scrollIntoViewIfNeeded();
    await shot(page, `31-lab-error-${screen}`, { fullPage: false });

    await formula.fill('2 * manhattan');
    await error.waitFor({ state: 'detached' });
    await page.locator('#lab-check').click();
    const verdicts = page.locator('#lab-verdicts');
    await verdicts.waitFor({ timeout: 60_000 });
    const cli = JSON.parse(execFileSync(NPUZZLE, ['heuristic', 'check', '2 * manhattan', '--goal', 'snail', '--json'], { encoding: 'utf8' }));
    assert.equal(await verdicts.getAttribute('data-admissible'), String(cli.admissible));
    assert.equal(await verdicts.getAttribute('data-overestimated'), String(cli.overestimated));
    assert.equal(await verdicts.getAttribute('data-consistent'), String(cli.consistent));
    const against = await page.locator('#lab-against li').evaluateAll((items) => items.map((li) => li.dataset.verdict));
    assert.deepEqual(against, cli.against.map((a) => a.verdict));
    assert.equal(await page.locator('#lab-chart rect.over').count() > 0, true, 'the chart shows where it overestimates');
    await verdicts.scrollIntoViewIfNeeded();
    await shot(page, `31-lab-verdicts-${screen}`, { fullPage: false });

    // The first board it overestimates most, loaded on the board.
    const first = cli.examples[0].board.split(/\s+/).map(Number);
    assert.equal(await page.locator('#lab-examples li code').first().textContent(), cli.examples[0].board);
    await page.locator('.lab-load').first().click();
    await page.waitForFunction((cells) => document.querySelector('[role=grid]').dataset.board === cells, first.join(' '));
    assert.deepEqual(await board(page), first);
    // Another goal: the verdicts, which were the snail goal's, go.
    await moreOptions(page);
    await page.selectOption('#goal', 'standard');
    await openView(page, 'experiment');
    await page.locator('#lab-verdicts').waitFor({ state: 'detached' });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('Cancel stops a long check (2x5: 1,814,400 boards) and a new one runs', async () => {
  const page = await open(browser, '?size=5x2&board=1,2,3,4,5,6,7,8,0,9');
  await openView(page, 'experiment');
  await page.locator('#lab-formula').fill('manhattan');
  await page.locator('#lab-check').click();
  await page.locator('#lab-progress').waitFor();
  await page.locator('#lab-cancel').click();
  await page.locator('#lab-cancelled').waitFor();
  assert.equal(await page.locator('#lab-verdicts').count(), 0);
  assert.equal(await page.locator('#lab-check').isDisabled(), false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The lab hands its formula over: a column of the Experiment (A* guided by it, with its mean
// excess length; 3 x Manhattan overestimates, so some answers are longer than the depth) and
// a racer in the Race (its answer a real path, at least the shortest, not claimed shortest),
// and an entry of the Solve menu for greedy, A* and IDA*.
for (const [screen, { viewport, device }] of Object.entries(SCREENS)) {
  test(`${screen}: the formula becomes a column of the Experiment and a racer`, async () => {
    const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail', viewport, device);
    await openView(page, 'experiment');
    await page.locator('#lab-formula').fill('3 * manhattan');
    await page.locator('#lab-experiment').click();
    const column = page.locator('#experiment-method-formula');
    await column.waitFor();
    assert.equal(await column.isChecked(), true);
    assert.equal(await column.getAttribute('data-method'), 'astar:3 * manhattan');
    for (const [id, value] of [['#experiment-from', '16'], ['#experiment-to', '20'], ['#experiment-step', '4'], ['#experiment-boards', '8']]) {
      await page.locator(id).fill(value);
    }
    await page.locator('#experiment-run').click();
    const cells = page.locator('#experiment-table td[data-method="astar:3 * manhattan"]');
    await page.waitForFunction(() => document.querySelectorAll('#experiment-table tbody tr').length === 2
      && !document.querySelector('#experiment-cancel'), null, { timeout: 60_000 });
    assert.equal(await cells.count(), 2);
    const excess = await page.locator('#experiment-table td[data-label=excess]').evaluateAll((tds) => tds.map((td) => Number(td.dataset.excess)));
    assert.equal(excess.length, 2, 'only the formula, not optimal, has an excess column');
    assert.ok(excess.every((e) => e >= 0) && excess.some((e) => e > 0), `excess ${excess}`);
    await page.locator('#experiment-table').scrollIntoViewIfNeeded();
    await shot(page, `31-lab-experiment-${screen}`, { fullPage: false });

    await page.locator('#lab-race').click();
    const pick = page.locator('#race-formula');
    await pick.waitFor();
    assert.equal(await pick.isChecked(), true);
    await page.locator('#race-start').click();
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('#race-table tbody tr')];
      return rows.length > 0 && rows.every((r) => r.dataset.outcome !== 'pending') && !document.querySelector('#race-progress');
    }, null, { timeout: 120_000 });
    const last = await page.$$eval('#race-table tbody tr', (rows) => rows.map((tr) => ({ ...tr.dataset })).at(-1));
    assert.equal(last.method, 'A* · 3 * manhattan');
    assert.equal(last.outcome, 'solved');
    assert.equal(last.optimal, 'false', 'not claimed shortest');
    assert.ok(Number(last.length) >= bfsDistance([6, 1, 7, 3, 0, 4, 5, 8, 2], SNAIL_3, 3));
    await page.locator('#race-table').scrollIntoViewIfNeeded();
    await shot(page, `31-lab-race-${screen}`, { fullPage: false });
    // Solve takes it too: an entry of the method menu; the answer is not claimed shortest.
    await openView(page, 'play');
    await howToSolve(page);
    await page.selectOption('#algorithm', 'astar:3 * manhattan');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const length = page.locator('#length');
    await length.waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'false');
    assert.ok(Number(await length.getAttribute('data-length')) >= 24);
    // It guides each informed search, as a built-in heuristic does: IDA* with it solves too.
    const entries = await page.locator('#algorithm option[value$=":3 * manhattan"]').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(entries, ['greedy:3 * manhattan', 'astar:3 * manhattan', 'idastar:3 * manhattan']);
    await page.selectOption('#algorithm', 'idastar:3 * manhattan');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#result')?.textContent.includes('IDA*'), null, { timeout: 60_000 });
    await length.waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#optimal').getAttribute('data-optimal'), 'false', 'not claimed shortest');
    assert.ok(Number(await length.getAttribute('data-length')) >= 24);
    await openView(page, 'race');
    // The link keeps it: a reload has it in the race and in the editor.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('formula') === '3 * manhattan');
    await page.reload();
    await pick.waitFor();
    await openView(page, 'experiment');
    assert.equal(await page.locator('#lab-formula').inputValue(), '3 * manhattan');
    await openView(page, 'race');
    // Unticked, it leaves the race and the link.
    await pick.click();
    await pick.waitFor({ state: 'detached' });
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('formula'));
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

// Above 10 cells the check is a sample, and says so: on 4x3 the published boards do not
// apply, so it is the 100 boards solved on the spot with the pattern databases, the same ones
// (same seed) as `npuzzle heuristic check --size 4x3`, whose verdicts it matches.
test('a 4x3 is checked on boards of known distance, not proven, as the CLI checks it', async () => {
  const page = await open(browser, '?size=4x3&board=1,2,3,4,5,6,7,8,9,10,0,11');
  await openView(page, 'experiment');
  await page.locator('#lab-sampled').waitFor();
  await page.locator('#lab-formula').fill('1.5 * manhattan');
  const check = page.locator('#lab-check');
  assert.equal(await check.textContent(), 'Check on known boards');
  await check.click();
  const verdicts = page.locator('#lab-verdicts');
  await verdicts.waitFor({ timeout: 90_000 });
  const cli = JSON.parse(execFileSync(NPUZZLE, ['heuristic', 'check', '1.5 * manhattan', '--size', '4x3', '--json'], { encoding: 'utf8' }));
  const boards = page.locator('#lab-boards');
  assert.equal(await boards.getAttribute('data-exact'), 'false');
  assert.equal(await boards.getAttribute('data-boards'), String(cli.boards));
  assert.match(await boards.textContent(), /checked on 100 boards whose fewest moves are known, not proven/);
  assert.equal(await verdicts.getAttribute('data-overestimated'), String(cli.overestimated));
  assert.equal(await verdicts.getAttribute('data-admissible'), String(cli.admissible));
  await verdicts.scrollIntoViewIfNeeded();
  await shot(page, '31-lab-sampled-desktop', { fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Step through takes the formula too: "Step through with it" opens the view with A* guided
// by it beside A* with Manhattan, and its trace finds the goal after the expansions
// `npuzzle trace -H FORMULA` counts.
test('the formula is stepped through beside A* with Manhattan, as npuzzle trace counts it', async () => {
  const page = await open(browser, '?board=6,1,7,3,0,4,5,8,2&goal=snail', { width: 1400, height: 1000 });
  await openView(page, 'experiment');
  const text = 'pdb(1,2,3,4) + pdb(5,6,7,8)';
  await page.locator('#lab-formula').fill(text);
  await page.locator('#lab-step').click();
  await page.locator('#stepper-body').waitFor();
  const cli = spawnSync(NPUZZLE, ['trace', '6 1 7 3 0 4 5 8 2', '--goal', 'snail', '-a', 'astar', '-H', text], { encoding: 'utf8' });
  const expansions = cli.stderr.match(/solved after (\d+) expansions, 24 moves/)[1];
  const guided = page.locator('.pane[data-method="astar-formula"]');
  await guided.getByText(`Finds the goal after ${expansions} expansions`).waitFor({ timeout: 20_000 });
  await page.locator('.pane[data-method="astar-manhattan"]').getByText('Finds the goal after 664 expansions').waitFor();
  await page.getByRole('button', { name: 'To the end' }).click();
  await guided.getByText('Goal reached: 24 moves').waitFor();
  await shot(page, '31-lab-step-through-desktop', { fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
