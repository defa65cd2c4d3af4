// The Tables page: only the chosen variant's house options are shown (all stay visible
// without scripts), and a refused form puts its first error in view, its field focused.
(function () {
  "use strict";
  const form = document.querySelector("#create form");
  if (!form) return;
  function show() {
    const chosen = (form.querySelector("input[name=variant]:checked") || {}).value;
    form.querySelectorAll("fieldset.options").forEach(function (set) {
      const on = set.dataset.variant === chosen;
      set.hidden = !on;
      set.querySelectorAll("input").forEach(function (input) { input.disabled = !on; });
    });
  }
  form.addEventListener("change", show);
  show();
  const invalid = form.querySelector("[aria-invalid=true]:not([disabled])");
  const first = invalid || form.querySelector(".error");
  if (first) {
    first.scrollIntoView({ block: "center" });
    if (invalid) invalid.focus({ preventScroll: true });
  }
})();
