// Reads a receipt from a photo (or any image) of its QR code, in the browser, with jsQR
// (vendored: docs/ui.md), puts the text in the paste field and checks it exactly as a
// pasted one (verify.js). The image is decoded with createImageBitmap, never through a
// blob: URL, so the page's Content-Security-Policy (img-src 'self' data:) stays as it is.
(function () {
  "use strict";
  const W = JSON.parse(document.getElementById("verify-words").textContent);
  const form = document.getElementById("verify-form");
  const photo = document.getElementById("receipt-photo");
  const error = document.getElementById("receipt-photo-error");
  // A phone's photo is 12 megapixels: read at most this many pixels on its long side, which
  // still gives the receipt's QR code (about 140 modules) several pixels a module.
  const LONGEST = 2000;

  function refuse(words) {
    error.textContent = words;
    photo.setAttribute("aria-invalid", "true");
  }

  async function pixels(file) {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return context.getImageData(0, 0, width, height);
  }

  photo.addEventListener("change", async () => {
    error.textContent = "";
    photo.removeAttribute("aria-invalid");
    const file = photo.files[0];
    if (!file) return;
    let code = null;
    try {
      const image = await pixels(file);
      code = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
    } catch (e) {
      code = null;  // not an image this browser can decode: said below, as for no QR code
    }
    if (!code || !code.data) {
      refuse(W.no_qr);
      return;
    }
    document.getElementById("receipt-file").value = "";  // the file field would win
    document.getElementById("receipt-text").value = code.data;
    form.requestSubmit();
  });
})();
