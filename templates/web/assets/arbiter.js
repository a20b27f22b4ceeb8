// The arbiter's panel: a chosen file is read into the form's textarea (players' CSV, a word
// list), so the form stays a plain urlencoded POST with its CSRF token. Without JavaScript
// the arbiter pastes the text instead.
(function () {
  'use strict';
  document.querySelectorAll('input[type="file"][data-fill]').forEach(function (input) {
    input.addEventListener('change', function () {
      var target = document.getElementById(input.getAttribute('data-fill'));
      var file = input.files && input.files[0];
      if (!target || !file) return;
      var reader = new FileReader();
      reader.onload = function () {
        target.value = String(reader.result || '');
      };
      reader.readAsText(file, 'utf-8');
    });
  });
})();
