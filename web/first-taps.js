// The first screen's tiles slide before the app's wasm has come (issue 54). On a phone network
// the wasm takes seconds; the board the build drew into index.html (scripts/prerender.sh) is on
// screen long before. A tap on a tile in the blank's row or column slides it, and the tiles
// between, into the blank, as the app's board does (web/src/components/board.rs).
//
// Nothing here makes markup: the cells' own contents (drawn by the app's components at build
// time) move from button to button, and the classes the app would give (blank, home, movable)
// follow. Each tap is kept in the first screen's `data-taps` as "cell:ms" (ms from Date.now()),
// and a press of Solve or Scramble in `data-press` (Got it on How to play is kept in
// localStorage, as the app keeps it); when the app comes it takes them
// (web/src/prerender.rs, `take`) and plays the same taps through its own rules, then makes the
// press, so the game, its clock, its move count and Undo go on from here.
(() => {
  const screen = document.getElementById('prerendered');
  const grid = screen && screen.querySelector('[role=grid][data-board]');
  const goalPicture = screen && screen.querySelector('#goal-picture [data-board]');
  const count = screen && screen.querySelector('#move-count');
  const fewest = screen && screen.querySelector('#optimal-count');
  const invitation = screen && screen.querySelector('#invitation');
  if (!grid || !goalPicture || !count) return;
  const goal = goalPicture.dataset.board.split(' ').map(Number);
  const board = grid.dataset.board.split(' ').map(Number);
  const buttons = [...grid.querySelectorAll('button[data-cell]')];
  const rows = grid.querySelectorAll('[role=row]').length;
  const width = goal.length / rows;
  if (!Number.isInteger(width) || buttons.length !== board.length || board.length !== goal.length) return;
  const row = (cell) => Math.floor(cell / width);
  const column = (cell) => cell % width;
  let moves = 0;

  /** The classes and tile numbers the app's board gives each cell, for the board as it is now. */
  const mark = () => {
    const blank = board.indexOf(0);
    buttons.forEach((button, cell) => {
      const tile = board[cell];
      const inLine = cell !== blank && (row(cell) === row(blank) || column(cell) === column(blank));
      button.classList.toggle('blank', tile === 0);
      button.classList.toggle('home', tile !== 0 && tile === goal[cell]);
      button.classList.toggle('movable', inLine);
      if (tile === 0) delete button.dataset.tile;
      else button.dataset.tile = String(tile);
    });
    grid.dataset.board = board.join(' ');
  };

  /** The slide's motion, as the app draws it (web/src/components/board/flip.rs): each moved
   * tile starts from its old cell and the stylesheet's transition brings it home. */
  const flip = (moved) => {
    for (const [button, dx, dy] of moved) {
      button.style.transition = 'none';
      button.style.transform = `translate(${dx * 100}%, ${dy * 100}%)`;
    }
    if (moved.length) void moved[0][0].offsetWidth;
    for (const [button] of moved) {
      button.style.removeProperty('transition');
      button.style.removeProperty('transform');
    }
  };

  // Solve or Scramble pressed before the app came: the press is kept for the app (which makes
  // it after the taps), the button shows it is taken, and the board takes no more taps.
  for (const press of ['solve', 'scramble']) {
    const button = screen.querySelector(`#${press}`);
    button?.addEventListener('click', () => {
      if (screen.dataset.taken || screen.dataset.press) return;
      screen.dataset.press = press;
      button.classList.add('pressed');
      button.setAttribute('aria-busy', 'true');
    });
  }

  // Got it on How to play: kept under the key the app keeps it under (web/src/components/how_to.rs,
  // read by index.html's first script too) and hidden as that script hides it, so the app,
  // when it comes, does not show it again.
  screen.querySelector('#how-to-close')?.addEventListener('click', () => {
    try { localStorage.setItem('how-to-play-seen', '1'); } catch (e) { /* no storage: shown again */ }
    document.documentElement.classList.add('how-to-seen');
  });

  grid.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-cell]');
    if (screen.dataset.taken || screen.dataset.press || !button) return;
    const cell = Number(button.dataset.cell);
    const blank = board.indexOf(0);
    const sameRow = row(cell) === row(blank);
    if (cell === blank || (!sameRow && column(cell) !== column(blank))) return;
    const step = Math.sign(cell - blank) * (sameRow ? 1 : width);
    const moved = [];
    for (let at = blank; at !== cell; at += step) {
      // The tile at `at + step` slides into the blank at `at`: the two cells swap contents.
      const from = buttons[at + step];
      const to = buttons[at];
      const tileNodes = [...from.childNodes];
      const blankNodes = [...to.childNodes];
      to.replaceChildren(...tileNodes);
      from.replaceChildren(...blankNodes);
      [board[at], board[at + step]] = [board[at + step], board[at]];
      moved.push([to, column(at + step) - column(at), row(at + step) - row(at)]);
    }
    mark();
    flip(moved);
    moves += moved.length; // one move a tile, as the app counts them
    count.dataset.moves = String(moves);
    count.textContent = count.textContent.replace(/\d+/, String(moves));
    // The invitation to slide a tile goes after the first move, as in the app.
    if (invitation) invitation.hidden = true;
    if (fewest) {
      // The bound drawn at build time was the first board's: it keeps only its "(counting…)".
      delete fewest.dataset.atLeast;
      fewest.textContent = fewest.textContent.replace(/^[^(]*\((.*)\)$/, '$1');
    }
    screen.dataset.taps = `${screen.dataset.taps ?? ''} ${cell}:${Date.now()}`.trim();
  });
})();
