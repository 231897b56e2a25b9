// aotbench report: sortable tables and row/chart highlighting. No network, no libraries.
// Open with #sort=COLUMN or #sort=COLUMN:desc to start sorted by that column (data-col).
(function () {
  'use strict';

  function cellValue(row, col) {
    var cell = row.cells[col];
    if (!cell) return '';
    var v = cell.getAttribute('data-v');
    return v === null ? cell.textContent.trim() : v;
  }

  // Empty cells sort last in both directions.
  function compareCells(a, b, numeric, descending) {
    if (a === '' || b === '') return (a === '') - (b === '');
    var c = numeric ? Number(a) - Number(b) : a.localeCompare(b);
    return descending ? -c : c;
  }

  function sortBy(table, th, descending) {
    var col = th.cellIndex;
    var numeric = th.getAttribute('data-type') === 'num';
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (r1, r2) {
      return compareCells(cellValue(r1, col), cellValue(r2, col), numeric, descending);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  }

  function makeSortable(table) {
    if (!table.tHead || !table.tBodies.length) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      th.tabIndex = 0;
      th.title = 'sort by ' + th.textContent.trim();
      var toggle = function () { sortBy(table, th, th.getAttribute('aria-sort') === 'ascending'); };
      th.addEventListener('click', toggle);
      th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
    });
  }

  function sortFromHash() {
    var m = /^#sort=([A-Za-z0-9_.-]+)(:desc)?$/.exec(window.location.hash);
    if (!m) return;
    var tables = document.querySelectorAll('table.sortable');
    for (var t = 0; t < tables.length; t++) {
      var cells = tables[t].tHead.rows[0].cells;
      for (var i = 0; i < cells.length; i++)
        if (cells[i].getAttribute('data-col') === m[1]) { sortBy(tables[t], cells[i], !!m[2]); return; }
    }
  }

  // Hovering a row highlights its bars and point; hovering a bar or point highlights its row.
  function linkHighlights() {
    var groups = {};
    Array.prototype.forEach.call(document.querySelectorAll('[data-key]'), function (el) {
      var k = el.getAttribute('data-key');
      (groups[k] = groups[k] || []).push(el);
    });
    Object.keys(groups).forEach(function (k) {
      groups[k].forEach(function (el) {
        el.addEventListener('mouseenter', function () { groups[k].forEach(function (x) { x.classList.add('hl'); }); });
        el.addEventListener('mouseleave', function () { groups[k].forEach(function (x) { x.classList.remove('hl'); }); });
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), makeSortable);
  sortFromHash();
  linkHighlights();
  document.documentElement.setAttribute('data-report', 'ready');
})();
