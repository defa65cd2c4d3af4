// The table screen's steps: each posted with its Idempotency-Key; a step that could not be
// sent stays queued on screen (and in localStorage) until it is sent or discarded.
(function () {
  "use strict";
  const panel = () => document.getElementById("table");
  const tableId = panel().dataset.table;
  const storeKey = "bourre-queue-" + tableId;
  const queueBox = document.getElementById("queue");
  let queue = JSON.parse(localStorage.getItem(storeKey) || "[]");
  // The words are the page's (table.html's data attributes), in the reader's language.
  const words = queueBox.dataset;
  function said(text, status) { return text.replace("{status}", status); }

  function csrf() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function save() { localStorage.setItem(storeKey, JSON.stringify(queue)); render(); }

  function render() {
    const list = queueBox.querySelector("ul");
    list.replaceChildren();
    queue.forEach(function (entry) {
      const li = document.createElement("li");
      li.dataset.key = entry.key;
      const text = document.createElement("span");
      text.textContent = entry.label + ": " + entry.status;
      li.append(text);
      if (!entry.sending) {
        const again = document.createElement("button");
        again.type = "button"; again.textContent = words.sendAgain; again.className = "primary";
        again.addEventListener("click", function () { send(entry); });
        const drop = document.createElement("button");
        drop.type = "button"; drop.textContent = words.discard; drop.className = "danger";
        drop.addEventListener("click", function () { forget(entry.key); });
        li.append(again, drop);
      }
      list.append(li);
    });
    queueBox.hidden = queue.length === 0;
  }

  function forget(key) { queue = queue.filter(function (e) { return e.key !== key; }); save(); }

  // A tap that lands just after the screen moved on was meant for the old screen (the
  // second tap of a double tap on "Play" would otherwise declare for the next player).
  const SETTLE_MS = 350;
  function settle(element) {
    element.classList.add("settling");
    setTimeout(function () { element.classList.remove("settling"); }, SETTLE_MS);
  }

  // The keyboard's place survives a new panel (after a step, a poll or a live update): the
  // same control when it is still there and enabled, else the next step's first control,
  // so a deal is refereed by keyboard without Tabbing down from the top after every step.
  // Only for the keyboard: a tap's focus is left where the browser puts it (a finger needs
  // none, and a focused field would bring up a phone's keyboard).
  let lastFocus = null, byKeyboard = false;
  document.addEventListener("keydown", function () { byKeyboard = true; }, true);
  document.addEventListener("pointerdown", function () { byKeyboard = false; }, true);
  function identity(element) {
    const form = element.closest("form[data-step]");
    if (!form || !element.name) return element.id ? "#" + CSS.escape(element.id) : null;
    let selector = 'form[data-step="' + CSS.escape(form.dataset.step) + '"] [name="' + CSS.escape(element.name) + '"]';
    if (element.value) selector += '[value="' + CSS.escape(element.value) + '"]';
    return selector;
  }
  document.addEventListener("focusin", function (event) {
    lastFocus = event.target.closest("#table") ? identity(event.target) || "" : null;
  });
  const CONTROLS = "button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary";
  function usable(element) { return element && !element.disabled && element.getClientRects().length > 0; }
  function refocus(fresh) {
    if (!byKeyboard || lastFocus === null) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    let next = lastFocus ? fresh.querySelector(lastFocus) : null;
    if (!usable(next)) {
      const step = fresh.querySelector("section.step");
      next = step ? Array.from(step.querySelectorAll(CONTROLS)).find(usable) : null;
    }
    if (next) next.focus({ preventScroll: true });
  }

  function swap(html) {
    const holder = document.createElement("div");
    holder.innerHTML = html.trim();
    const fresh = holder.querySelector("#table");
    if (!fresh) return false;
    panel().replaceWith(fresh);
    settle(fresh);
    if (window.htmx) window.htmx.process(fresh);
    refocus(fresh);
    return true;
  }
  // What the answer to a step says about it (a refusal at its field, a renege called at
  // once, another device's step first) may sit far above the card just tapped: on a phone
  // the picker fills the screen. Bring it into view, or the tap seems to do nothing.
  function reveal() {
    const said = panel().querySelector(".error, .warning, .notice.conflict");
    if (!said) return;
    const box = said.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) said.scrollIntoView({ block: "center" });
  }
  document.body.addEventListener("htmx:afterSwap", function () { settle(panel()); refocus(panel()); });
  document.addEventListener("live:swapped", function () { refocus(panel()); });

  // The card picker by arrow keys: Left and Right move along the cards that can be played,
  // Up and Down to the nearest one in the suit above or below (Tab still leaves the picker).
  document.addEventListener("keydown", function (event) {
    const card = event.target.closest && event.target.closest("form.picker button.cardbtn");
    if (!card || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
    const picker = card.closest("form.picker");
    const open = Array.from(picker.querySelectorAll("button.cardbtn:not([disabled])"));
    let next = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowRight" ? 1 : -1;
      next = open[(open.indexOf(card) + step + open.length) % open.length];
    } else {
      const rows = Array.from(picker.querySelectorAll(".suit-row"));
      const here = rows.indexOf(card.closest(".suit-row"));
      const x = card.getBoundingClientRect().left;
      for (let i = 1; i < rows.length && !next; i++) {
        const row = rows[(here + (event.key === "ArrowDown" ? i : -i) + rows.length) % rows.length];
        const cards = open.filter(function (b) { return row.contains(b); });
        cards.sort(function (a, b) {
          return Math.abs(a.getBoundingClientRect().left - x) - Math.abs(b.getBoundingClientRect().left - x);
        });
        next = cards[0] || null;
      }
    }
    if (next) { event.preventDefault(); next.focus(); }
  });

  async function send(entry) {
    entry.sending = true; entry.status = words.sending; save();
    let response;
    try {
      response = await fetch(entry.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrf(),
                   "Idempotency-Key": entry.key, "X-Requested-With": "fetch" },
        body: entry.body, credentials: "same-origin",
      });
    } catch (error) {
      entry.sending = false; entry.status = words.noConnection; unsent(); return;
    }
    entry.sending = false;
    if (response.status >= 500) { entry.status = said(words.serverError, response.status); unsent(); return; }
    if (response.redirected && response.url.indexOf("/login/") !== -1) {
      entry.status = words.signedOut; unsent(); return;
    }
    const html = await response.text();
    if (swap(html)) { forget(entry.key); reveal(); return; }
    entry.status = said(words.refused, response.status); unsent();
  }
  // A step left unsent is said in the box above the panel: on a phone that is far above
  // the card just tapped, so bring the box into view (else the tap seems to do nothing).
  function unsent() {
    save();
    const box = queueBox.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) queueBox.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.closest("#table") || !form.dataset.step) return;
    event.preventDefault();
    if (panel().classList.contains("settling")) return;
    const key = form.querySelector("input[name=idempotency_key]").value;
    if (queue.some(function (e) { return e.key === key; })) return; // a double tap
    const submitter = event.submitter;
    const data = new URLSearchParams(new FormData(form, submitter));
    const label = (submitter && submitter.dataset.label) || form.dataset.step;
    const entry = { key: key, url: form.action, body: data.toString(), label: label, status: words.sending, sending: true };
    queue.push(entry);
    send(entry);
  });

  window.addEventListener("online", function () { queue.forEach(send); });

  // Back, then Forward: a page restored from the browser's caches (the back-forward cache,
  // or the HTTP cache a history navigation may reuse) shows the table as it was when left.
  // Ask for the panel at once rather than at the next poll.
  function restored(event) {
    const navigation = performance.getEntriesByType("navigation")[0];
    return event.persisted || (navigation && navigation.type === "back_forward");
  }
  window.addEventListener("pageshow", async function (event) {
    if (!restored(event)) return;
    const url = panel().getAttribute("hx-get").split("?")[0];
    try {
      const response = await fetch(url, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" });
      if (response.ok) swap(await response.text());
    } catch (error) { /* offline: the poll catches up when the connection is back */ }
  });
  render();
  queue.forEach(send); // steps left over from a dropped connection or a reload
})();
