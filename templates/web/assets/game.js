// The game page's small script (docs/web.md, Player pages): click rack tiles then board squares to write
// the notation, and a live preview of the words and the score from the rules core
// (/games/:id/preview) before sending. Without it the page works: type the notation.
(function () {
  'use strict';
  var page = document.querySelector('.game-page');
  if (!page) return;
  var en = (document.documentElement.lang || 'ro').slice(0, 2) === 'en';
  var previewUrl = page.getAttribute('data-preview');

  function rowLetter(r) { return String.fromCharCode(97 + r); }

  // ------------------------------------------------------------ live preview
  function outputFor(input) {
    var ids = (input.getAttribute('aria-describedby') || '').split(/\s+/);
    for (var i = 0; i < ids.length; i++) {
      var el = document.getElementById(ids[i]);
      if (el && el.tagName === 'OUTPUT') return el;
    }
    return null;
  }

  // Each board's way to show a typed move's tiles (registered below, per line's field).
  var typedViews = [];
  function showTypedTiles(input, tiles) {
    typedViews.forEach(function (v) { if (v.field === input) v.show(tiles); });
  }

  function line(text, className) {
    var span = document.createElement('span');
    span.className = className;
    span.textContent = text;
    return span;
  }

  function showPreview(out, answer, input) {
    out.classList.remove('ok', 'refused');
    if (input) showTypedTiles(input, answer && answer.ok ? answer.tiles : []);
    if (!answer) { out.textContent = ''; return; }
    if (answer.ok) {
      var words = answer.words.map(function (w) { return w.coord + ': ' + w.word + ' ' + w.score; }).join('; ');
      var text = (words ? words + ' — ' : '') + (en ? 'Score: ' : 'Puncte: ') + answer.score;
      if (answer.recorded !== answer.score) text += en ? ' (recorded ' + answer.recorded + ')' : ' (pe fișă ' + answer.recorded + ')';
      out.textContent = '';
      out.appendChild(line(text, 'preview-score'));
      // One line per word from the competition's list (docs/features.md, The word check); the move is never refused for it.
      // A word off the list has its own style and its own mark (not colour alone).
      (answer.wordNotes || []).forEach(function (n) {
        out.appendChild(line(n.text, 'word-note ' + (n.offList ? 'off-list' : 'in-list')));
      });
      out.classList.add('ok');
    } else {
      out.textContent = answer.message;
      out.classList.add('refused');
    }
  }

  function wirePreview(input) {
    var out = outputFor(input);
    if (!out || !previewUrl) return;
    var timer = null;
    var seq = 0;
    input.addEventListener('input', function () {
      clearTimeout(timer);
      // Every edit outdates an answer still on its way: only the latest text's answer shows.
      var mine = ++seq;
      var text = input.value.trim();
      if (!text) { showPreview(out, null, input); return; }
      timer = setTimeout(function () {
        var url = previewUrl + '?notation=' + encodeURIComponent(text);
        var line = input.getAttribute('data-line');
        if (line) url += '&line=' + encodeURIComponent(line);
        fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (answer) { if (mine === seq) showPreview(out, answer, input); })
          .catch(function () { /* the preview is a help: sending still works */ });
      }, 250);
    });
    if (input.value.trim()) input.dispatchEvent(new Event('input'));
  }
  Array.prototype.forEach.call(page.querySelectorAll('input.notation'), wirePreview);

  // ------------------------------------------------------------ click to place
  function fieldFor(board) {
    var name = board.getAttribute('data-field') || 'move';
    var form = document.getElementById('move-form');
    return form ? form.querySelector('input[name="' + name.replace(/"/g, '') + '"]') : null;
  }

  // The page sends an empty square as a placeholder (partials/board.hbs); here it becomes the
  // button the player clicks, named by its square and premium, with its row and column.
  function squareButtons(board) {
    Array.prototype.forEach.call(board.tBodies[0].rows, function (tr, r) {
      Array.prototype.forEach.call(tr.querySelectorAll('td.sq'), function (td, c) {
        td.setAttribute('data-row', String(r));
        td.setAttribute('data-col', String(c));
        var spot = td.querySelector('span.sq-btn');
        if (!spot) return;
        var b = document.createElement('button');
        b.type = 'button';
        b.className = 'sq-btn';
        b.tabIndex = -1;
        var premium = spot.querySelector('.sr-only');
        b.setAttribute('aria-label', td.getAttribute('data-coord') + (premium ? ', ' + premium.textContent : ''));
        var mark = spot.querySelector('.prem');
        if (mark) b.appendChild(mark);
        td.replaceChild(b, spot);
      });
    });
  }

  Array.prototype.forEach.call(page.querySelectorAll('section.line'), function (section) {
    var board = section.querySelector('table.board');
    var rack = section.querySelector('.rack');
    if (!board) return;
    squareButtons(board);
    var field = fieldFor(board);
    var selected = null;
    var pending = [];
    // Squares showing a typed move's tiles (the preview's), not placed by clicking.
    var typed = [];

    function emptySquare(td) {
      td.classList.remove('pending', 'typed');
      var b = td.querySelector('.sq-btn');
      if (b) { b.innerHTML = b.getAttribute('data-empty') || ''; restoreLabel(b); }
    }

    function showLetter(td, shown) {
      var b = td.querySelector('.sq-btn');
      if (!b.hasAttribute('data-empty')) b.setAttribute('data-empty', b.innerHTML);
      b.textContent = shown;
      // The square's name says what now stands on it (its visible text is part of its name).
      if (!b.hasAttribute('data-label')) b.setAttribute('data-label', b.getAttribute('aria-label') || '');
      b.setAttribute('aria-label', b.getAttribute('data-label') + ': ' + shown);
      td.classList.add('pending');
    }

    function clearTyped() {
      typed.forEach(emptySquare);
      typed = [];
    }

    // A typed move shows its tiles where clicked ones would stand; the tiles clicked are already there.
    function showTyped(tiles) {
      clearTyped();
      (tiles || []).forEach(function (t) {
        var mine = pending.some(function (p) { return p.row === t.row && p.col === t.col; });
        var td = cell(t.row, t.col);
        if (mine || !td || !td.querySelector('.sq-btn')) return;
        showLetter(td, t.blank ? t.letter.toLowerCase() : t.letter);
        td.classList.add('typed');
        typed.push(td);
      });
    }
    if (field) typedViews.push({ field: field, show: showTyped });

    function cell(r, c) { return board.querySelector('td[data-row="' + r + '"][data-col="' + c + '"]'); }
    function letterAt(r, c) {
      var p = pending.filter(function (t) { return t.row === r && t.col === c; })[0];
      if (p) return p.blank ? p.letter.toLowerCase() : p.letter;
      var td = cell(r, c);
      if (!td || !td.getAttribute('data-letter')) return null;
      var l = td.getAttribute('data-letter');
      return td.getAttribute('data-blank') ? l.toLowerCase() : l;
    }

    // The placed tiles as notation, or why they are not a move yet: tiles
    // not on one row or column, or a gap between them not filled by board letters, keep
    // their squares and the reason is shown; only a real word is written in the field.
    function placement() {
      if (pending.length === 0) return { text: '' };
      var rows = pending.map(function (t) { return t.row; });
      var cols = pending.map(function (t) { return t.col; });
      var sameRow = rows.every(function (r) { return r === rows[0]; });
      var sameCol = cols.every(function (c) { return c === cols[0]; });
      var across;
      if (pending.length > 1) across = sameRow;
      else {
        var t = pending[0];
        var side = letterAt(t.row, t.col - 1) || letterAt(t.row, t.col + 1);
        var vert = letterAt(t.row - 1, t.col) || letterAt(t.row + 1, t.col);
        across = side ? true : !vert;
      }
      if (!across && !sameCol) {
        return { text: '', problem: en ? 'The tiles must be on the same row or the same column.' : 'Literele trebuie puse pe același rând sau pe aceeași coloană.' };
      }
      var dr = across ? 0 : 1, dc = across ? 1 : 0;
      var sorted = pending.slice().sort(function (a, b) { return a.row - b.row || a.col - b.col; });
      var first = sorted[0], last = sorted[sorted.length - 1];
      var r = first.row, c = first.col;
      while (letterAt(r - dr, c - dc)) { r -= dr; c -= dc; }
      var start = { row: r, col: c };
      var word = '';
      while (r < 15 && c < 15 && letterAt(r, c)) { word += letterAt(r, c); r += dr; c += dc; }
      // The word read from the first tile must reach the last one: otherwise there is a gap.
      var reached = across ? c > last.col : r > last.row;
      if (!reached) {
        return { text: '', problem: en ? 'There is a gap between the tiles: fill it, or take back the tiles after it.' : 'Între litere a rămas un loc gol: completați-l sau luați înapoi literele de după el.' };
      }
      var coord = across ? rowLetter(start.row) + (start.col + 1) : (start.col + 1) + rowLetter(start.row);
      return { text: coord + ' ' + word };
    }

    function update() {
      if (!field) return;
      var placed = placement();
      field.value = placed.text;
      field.dispatchEvent(new Event('input'));
      var out = outputFor(field);
      if (out && placed.problem) {
        out.classList.remove('ok');
        out.classList.add('refused');
        out.textContent = placed.problem;
      }
    }

    function restoreLabel(b) {
      if (b.hasAttribute('data-label')) b.setAttribute('aria-label', b.getAttribute('data-label'));
    }

    function clear() {
      clearTyped();
      pending.forEach(function (t) { emptySquare(cell(t.row, t.col)); });
      pending = [];
      if (rack) Array.prototype.forEach.call(rack.querySelectorAll('.rack-tile'), function (b) { b.classList.remove('used'); b.disabled = false; b.setAttribute('aria-pressed', 'false'); });
      selected = null;
    }

    if (rack) {
      rack.addEventListener('click', function (e) {
        var b = e.target.closest('.rack-tile');
        if (!b || b.disabled) return;
        Array.prototype.forEach.call(rack.querySelectorAll('.rack-tile'), function (x) { x.setAttribute('aria-pressed', 'false'); });
        if (selected === b) { selected = null; return; }
        selected = b;
        b.setAttribute('aria-pressed', 'true');
      });
    }

    board.addEventListener('click', function (e) {
      var b = e.target.closest('.sq-btn');
      if (!b) return;
      // Placing by clicking starts from the board as played: a typed move's tiles go.
      clearTyped();
      var td = b.closest('td');
      var r = Number(td.getAttribute('data-row')), c = Number(td.getAttribute('data-col'));
      var at = -1;
      pending.forEach(function (t, i) { if (t.row === r && t.col === c) at = i; });
      if (at >= 0) {
        // Clicking a tile just placed takes it back to the rack.
        var t = pending.splice(at, 1)[0];
        emptySquare(td);
        if (t.tile) { t.tile.classList.remove('used'); t.tile.disabled = false; }
        update();
        return;
      }
      if (!selected) return;
      var letter = selected.getAttribute('data-letter');
      var blank = letter === '?';
      if (blank) {
        letter = (window.prompt(en ? 'Letter for the blank:' : 'Litera jokerului:') || '').trim().toUpperCase().slice(0, 1);
        if (!letter) return;
      }
      showLetter(td, blank ? letter.toLowerCase() : letter);
      pending.push({ row: r, col: c, letter: letter, blank: blank, tile: selected });
      selected.classList.add('used');
      selected.disabled = true;
      selected.setAttribute('aria-pressed', 'false');
      selected = null;
      update();
    });

    // Keyboard: arrows move between empty squares, Enter/Space places (buttons do that natively).
    var buttons = board.querySelectorAll('.sq-btn');
    var centre = board.querySelector('td[data-coord="h8"] .sq-btn') || buttons[0];
    if (centre) centre.tabIndex = 0;
    board.addEventListener('keydown', function (e) {
      var moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      var d = moves[e.key];
      var td = e.target.closest && e.target.closest('td');
      if (!d || !td) return;
      var r = Number(td.getAttribute('data-row')), c = Number(td.getAttribute('data-col'));
      for (var i = 0; i < 15; i++) {
        r += d[0]; c += d[1];
        var next = cell(r, c);
        if (!next) return;
        var nb = next.querySelector('.sq-btn');
        if (nb) {
          e.preventDefault();
          e.target.tabIndex = -1;
          nb.tabIndex = 0;
          nb.focus();
          return;
        }
      }
    });

    var clearButton = document.querySelector('#move-form .clear-tiles');
    if (clearButton) clearButton.addEventListener('click', function () { clear(); update(); });
  });
})();
