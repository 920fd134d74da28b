// The page's live part: told a new stamp by server-sent events, it fetches its part again.
// EventSource reconnects by itself and sends the last stamp it saw (Last-Event-ID): the server answers at
// once when the page missed news (a bot restart), so a page never stays behind.
"use strict";
(function () {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live) return;
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
  function say(text) {
    const notice = document.createElement("p");
    notice.className = "notice";
    notice.setAttribute("role", "alert");
    notice.textContent = text;
    live.prepend(notice);
  }
  // A move from the page: the form works without this script (a POST, then the page again); with it, the
  // answer is the live part (with its notice: played, or out of date and the question as it is now).
  live.addEventListener("submit", async (event) => {
    const form = event.target.closest("form.play");
    if (!form) return;
    event.preventDefault();
    if (form.classList.contains("sending")) return;  // one move a press: a double tap sends once
    const body = new URLSearchParams(new FormData(form, event.submitter || null));
    form.classList.add("sending");
    try {
      const answer = await fetch(form.action, { method: "POST", body, cache: "no-store", credentials: "omit",
                                                headers: { "X-Requested-With": "fetch" } });
      const text = await answer.text();
      if ((answer.headers.get("Content-Type") || "").startsWith("text/html")) {
        live.innerHTML = text;
        const shown = live.querySelector("[data-stamp]");
        if (shown) { stamp = shown.dataset.stamp; live.dataset.stamp = stamp; }
      } else {
        say(text);  // refused outright (a form from elsewhere): nothing was played
      }
    } catch (error) {
      say(status.dataset.offline);  // the network failed: the move may not have arrived; the page resyncs
    } finally {
      form.classList.remove("sending");
    }
  });
  // Checkboxes (a choice of min..max): the play button waits for a count the rules accept.
  function checkCounts() {
    for (const form of live.querySelectorAll("form.play[data-max]")) {
      const boxes = form.querySelectorAll("input[type=checkbox]");
      if (!boxes.length) continue;
      const count = [...boxes].filter((box) => box.checked).length;
      const button = form.querySelector("button[type=submit]");
      if (button) button.disabled = count < Number(form.dataset.min) || count > Number(form.dataset.max);
    }
  }
  live.addEventListener("change", checkCounts);
  new MutationObserver(checkCounts).observe(live, { childList: true });
  checkCounts();
  const since = encodeURIComponent(stamp);
  if (!window.EventSource) return;
  // parts=1: each news brings the live part itself (no fetch); "version" (the stamp alone) still refreshes.
  const source = new EventSource(base + "/events?parts=1&since=" + since + (query ? "&" + query.slice(1) : ""));
  source.addEventListener("version", (event) => refresh(event.data));
  source.addEventListener("part", (event) => {
    if (fetching) fetching.again = null;  // the part is newer than what a fetch under way would bring
    live.innerHTML = event.data;
    const shown = live.querySelector("[data-stamp]");
    stamp = shown ? shown.dataset.stamp : event.lastEventId;
    live.dataset.stamp = stamp;
  });
  // The result is posted: the page holds the final position; nothing more will come, so no reconnect.
  source.addEventListener("end", () => { source.close(); status.textContent = status.dataset.over; });
  source.addEventListener("open", () => { status.textContent = status.dataset.live; });
  source.addEventListener("error", () => { status.textContent = status.dataset.offline; });
})();
