// The page's live part: told a new stamp by server-sent events, it fetches its part again.
// EventSource reconnects by itself and sends the last stamp it saw (Last-Event-ID): the server answers at
// once when the page missed news (a bot restart), so a page never stays behind.
"use strict";
(function () {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live || !window.EventSource) return;
  const base = live.dataset.base;
  const query = live.dataset.query;
  let stamp = live.dataset.stamp;
  let fetching = null;
  async function refresh(wanted) {
    if (wanted === stamp) return;
    if (fetching) { fetching.again = wanted; return; }
    fetching = { again: null };
    try {
      const answer = await fetch(base + "/live" + query, { cache: "no-store", credentials: "omit" });
      if (answer.ok) {
        live.innerHTML = await answer.text();
        const shown = live.querySelector("[data-stamp]");
        stamp = shown ? shown.dataset.stamp : wanted;
        live.dataset.stamp = stamp;
      }
    } finally {
      const again = fetching.again;
      fetching = null;
      if (again && again !== stamp) refresh(again);
    }
  }
  const since = encodeURIComponent(stamp);
  const source = new EventSource(base + "/events?since=" + since);
  source.addEventListener("version", (event) => refresh(event.data));
  source.addEventListener("open", () => { status.textContent = status.dataset.live; });
  source.addEventListener("error", () => { status.textContent = status.dataset.offline; });
})();
