// Reads a receipt from its QR code, in the browser, with jsQR (vendored: docs/ui.md): from
// a photo or any image, or from the camera where the browser may use one. The text goes in
// the paste field and is checked exactly as a pasted receipt (verify.js). An image is
// decoded with createImageBitmap and the camera shown through srcObject, never through a
// blob: URL, so the page's Content-Security-Policy (img-src 'self' data:) stays as it is.
(function () {
  "use strict";
  const W = JSON.parse(document.getElementById("verify-words").textContent);
  const form = document.getElementById("verify-form");
  const photo = document.getElementById("receipt-photo");
  const error = document.getElementById("receipt-photo-error");
  const start = document.getElementById("camera-start");
  const stop = document.getElementById("camera-stop");
  const video = document.getElementById("receipt-video");
  // A phone's photo is 12 megapixels: read at most this many pixels on its long side, which
  // still gives the receipt's QR code (about 140 modules) several pixels a module.
  const LONGEST = 2000;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let stream = null;

  function say(words) {
    error.textContent = words;
    if (words) photo.setAttribute("aria-invalid", "true");
    else photo.removeAttribute("aria-invalid");
  }

  function qrIn(source, width, height) {
    const scale = Math.min(1, LONGEST / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
    return code && code.data ? code.data : null;
  }

  function check(receipt) {
    document.getElementById("receipt-file").value = "";  // the file field would win
    document.getElementById("receipt-text").value = receipt;
    form.requestSubmit();
  }

  photo.addEventListener("change", async () => {
    say("");
    const file = photo.files[0];
    if (!file) return;
    let receipt = null;
    try {
      const bitmap = await createImageBitmap(file);
      receipt = qrIn(bitmap, bitmap.width, bitmap.height);
      bitmap.close();
    } catch (e) {
      receipt = null;  // not an image this browser can decode: said as for no QR code
    }
    if (receipt === null) say(W.no_qr);
    else check(receipt);
  });

  function stopCamera() {
    if (stream) stream.getTracks().forEach((track) => track.stop());
    stream = null;
    video.srcObject = null;
    video.hidden = stop.hidden = true;
    start.hidden = false;
  }

  function scan() {  // a few frames a second: enough to aim, light on a phone's battery
    if (!stream) return;
    const receipt = video.videoWidth ? qrIn(video, video.videoWidth, video.videoHeight) : null;
    if (receipt === null) { setTimeout(scan, 200); return; }
    stopCamera();
    check(receipt);
  }

  if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
    start.hidden = false;
    start.addEventListener("click", async () => {
      say("");
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } }, audio: false,
        });
      } catch (e) {
        say(W.no_camera);
        return;
      }
      video.srcObject = stream;
      video.hidden = stop.hidden = false;
      start.hidden = true;
      await video.play().catch(() => {});
      scan();
    });
    stop.addEventListener("click", stopCamera);
    window.addEventListener("pagehide", stopCamera);
  }
})();
