// "Print" on the settle-up screen (a static file: the pages' policy allows no inline script).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
