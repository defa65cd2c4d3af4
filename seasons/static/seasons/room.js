// The standings on the room's screens (seasons/_room.html) are read from projections that
// follow the log a moment behind the table. When the section says it was read before they
// had caught up (`data-behind`), this reads the board again a little later and swaps in the
// section alone, until it is up to date (a few tries at most).
(function () {
  "use strict";
  const host = document.querySelector("[data-live-fragment]");
  if (!host) return;
  const DELAY_MS = 1500, TRIES = 8;
  let timer = null, tries = 0;

  async function again() {
    timer = null;
    const url = host.dataset.liveFragment;
    const sep = url.indexOf("?") < 0 ? "?" : "&";
    try {
      const response = await fetch(url + sep + "since=0", {
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin", cache: "no-store",
      });
      if (!response.ok) return;
      const holder = document.createElement("div");
      holder.innerHTML = (await response.text()).trim();
      const fresh = holder.querySelector("#season-room");
      const old = document.getElementById("season-room");
      if (fresh && old) old.replaceWith(fresh);
    } catch (error) {
      // offline for a moment: the table's next event brings the section again
    }
    watch();
  }

  function watch() {
    const section = document.getElementById("season-room");
    if (!section || !section.dataset.behind || timer || tries >= TRIES) return;
    tries += 1;
    timer = setTimeout(again, DELAY_MS);
  }

  document.addEventListener("live:swapped", function () { tries = 0; watch(); });
  watch();
})();
