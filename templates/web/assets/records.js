// The live page of a record attempt (docs/web.md, Record attempts): every few seconds it asks the
// page again and reloads when the attempt's version changed, unless the viewer is filling a form.
(function () {
  'use strict';
  var page = document.querySelector('[data-version]');
  var print = document.querySelector('[data-print]');
  if (print) print.addEventListener('click', function () { window.print(); });
  if (!page || page.getAttribute('data-live') !== 'yes') return;
  var version = page.getAttribute('data-version');
  function busy() {
    var el = document.activeElement;
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT')) return true;
    return Array.prototype.some.call(document.querySelectorAll('form input[type="text"], form textarea, form input[type="checkbox"]'), function (i) {
      return i.type === 'checkbox' ? i.checked : i.value !== '';
    });
  }
  setInterval(function () {
    if (document.hidden || busy()) return;
    fetch(location.pathname, { credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : ''; })
      .then(function (html) {
        var m = /data-version="(\d+)"/.exec(html);
        if (m && m[1] !== version) location.replace(location.pathname);
      })
      .catch(function () {});
  }, 5000);
})();
