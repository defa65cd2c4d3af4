// Follows a table live: an EventSource on the table's stream (each event's id is the
// table's version); on news the page re-fetches its fragment (`?since=<version>`, 204 while
// unchanged) and swaps it in. Where push does not get through (a buffering proxy, no
// stream server) it refreshes every few seconds instead. Used by the table screen, the
// display and the players' view (docs/ui.md, "Live views"). The display also shows the
// table's invitation (the newest players' link, its QR code and code: `data-invitation`),
// followed the same way: an `invite` event when another link is the newest.
(function () {
  "use strict";
  const script = document.currentScript;
  const host = script && script.dataset.liveStream ? script : document.querySelector("[data-live-stream]");
  if (!host) return;
  const cfg = host.dataset;
  const POLL_MS = 4000;   // the fallback's period
  const HELLO_MS = 5000;  // no "hello" by then: the stream is held back somewhere
  const RETRY_MS = 15000; // a stream refused or closed for good is tried again this often
  let pushing = false, poller = null, fetching = false, again = false, source = null;

  const target = function () { return document.getElementById(cfg.liveTarget); };
  const version = function () { const t = target(); return t ? Number(t.dataset.version || 0) : 0; };
  const invitation = function () { const t = target(); return t ? t.dataset.invitation : undefined; };
  // A closed table's receipt is signed a moment after the close, with no event of the
  // table to say so: while the fragment says `data-receipt="pending"` the page asks again
  // every few seconds (`&receipt=pending`: the server answers the fragment, not a 204).
  const receiptPending = function () { const t = target(); return !!t && t.dataset.receipt === "pending"; };
  function stale(fresh) {
    return Number(fresh.dataset.version || 0) !== version() || fresh.dataset.invitation !== invitation()
      || fresh.dataset.receipt !== (target() || fresh).dataset.receipt;
  }
  function say(state) {
    document.documentElement.dataset.live = state;
    const box = document.querySelector(".live-state");
    if (box) box.textContent = state === "live" ? "" : state === "polling" ? "…" : "⟳";
  }

  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const sep = cfg.liveFragment.indexOf("?") < 0 ? "?" : "&";
      let url = cfg.liveFragment + sep + "since=" + version();
      if (invitation() !== undefined) url += "&invitation=" + encodeURIComponent(invitation());
      if (receiptPending()) url += "&receipt=pending";
      const response = await fetch(url, {
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin", cache: "no-store",
      });
      if (response.status === 204) return;
      if (response.status === 404 || response.status === 403 || response.redirected) {
        window.location.reload(); // the link ended, or the sign-in did: the page says so
        return;
      }
      if (!response.ok) return;
      const holder = document.createElement("div");
      holder.innerHTML = (await response.text()).trim();
      const fresh = holder.querySelector("#" + cfg.liveTarget);
      const old = target();
      if (fresh && old && stale(fresh)) {
        old.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        fresh.dispatchEvent(new CustomEvent("live:swapped", { bubbles: true }));
      }
    } catch (error) {
      // offline for a moment: the next event or poll tries again
    } finally {
      fetching = false;
      if (again) { again = false; refresh(); }
    }
  }

  function poll(on) {
    if (on && !poller) { poller = setInterval(refresh, POLL_MS); say("polling"); }
    if (!on && poller) { clearInterval(poller); poller = null; }
  }

  function connect() {
    if (!window.EventSource) { poll(true); return; }
    const sep = cfg.liveStream.indexOf("?") < 0 ? "?" : "&";
    let url = cfg.liveStream + sep + "v=" + version();
    if (invitation() !== undefined) url += "&i=" + encodeURIComponent(invitation());
    source = new EventSource(url);
    const helloTimer = setTimeout(function () { if (!pushing) poll(true); }, HELLO_MS);
    source.addEventListener("hello", function (event) {
      pushing = true; poll(false); say("live"); clearTimeout(helloTimer);
      if (Number(event.data) !== version()) refresh(); // moved while we were away
    });
    source.onmessage = function (event) {
      if (Number(event.data) !== version()) refresh();
    };
    source.addEventListener("invite", function (event) {
      if (invitation() !== undefined && event.data !== invitation()) refresh();
    });
    source.addEventListener("ended", function () { source.close(); window.location.reload(); });
    source.onerror = function () {
      pushing = false; poll(true); say("polling"); // until a "hello" says push is back
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, RETRY_MS);
    };
  }

  setInterval(function () { if (receiptPending()) refresh(); }, POLL_MS);

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") refresh();
  });
  connect();
})();
