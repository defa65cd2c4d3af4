// Behaviour every page may use, bound here rather than in inline handlers (the
// Content-Security-Policy allows no inline code): a `data-print` button prints the page.
document.addEventListener('click', function (event) {
  const button = event.target.closest && event.target.closest('[data-print]');
  if (button) window.print();
});
