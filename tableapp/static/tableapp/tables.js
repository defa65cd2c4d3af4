// The tables page: show only the chosen variant's house options (all stay visible without
// scripts). A file, not an inline script: the Content-Security-Policy allows no inline code.
(function () {
  const form = document.querySelector('#create form');
  if (!form) return;
  function show() {
    const chosen = (form.querySelector('input[name=variant]:checked') || {}).value;
    form.querySelectorAll('fieldset.options').forEach(function (set) {
      const on = set.dataset.variant === chosen;
      set.hidden = !on;
      set.querySelectorAll('input').forEach(function (i) { i.disabled = !on; });
    });
  }
  form.addEventListener('change', show);
  show();
})();
