// The page's live part: told a new stamp by server-sent events, it fetches its part again.
// EventSource reconnects by itself and sends the last stamp it saw (Last-Event-ID): the server answers at
// once when the page missed news (a bot restart), so a page never stays behind.
// The Activity's match list switches the part to another match (window.DuelTableLive.follow): the stream
// of the match before is closed, and an answer of it still on its way is dropped (its generation is past).
"use strict";
(function () {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live || window.DuelTableLive) return;
  let base = live.dataset.base;
  let query = live.dataset.query;
  let stamp = live.dataset.stamp;
  let generation = 0;  // the match followed: a fetch or a move answered for an earlier one is not shown
  let source = null;
  let fetching = null;
  function show(html, fallback) {
    live.innerHTML = html;
    const shown = live.querySelector("[data-stamp]");
    stamp = shown ? shown.dataset.stamp : fallback;
    live.dataset.stamp = stamp;
  }
  async function refresh(wanted) {
    if (wanted === stamp) return;
    if (fetching) { fetching.again = wanted; return; }
    const mine = generation;
    const token = { again: null };
    fetching = token;
    try {
      const answer = await fetch(base + "/live" + query, { cache: "no-store", credentials: "omit" });
      if (answer.ok && mine === generation) show(await answer.text(), wanted);
    } finally {
      if (fetching === token) {  // not after a switch (follow): the next match's fetch is its own
        fetching = null;
        if (token.again && token.again !== stamp) refresh(token.again);
      }
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
    const mine = generation;
    form.classList.add("sending");
    try {
      const answer = await fetch(form.action, { method: "POST", body, cache: "no-store", credentials: "omit",
                                                headers: { "X-Requested-With": "fetch" } });
      const text = await answer.text();
      if (mine !== generation) return;  // another match is shown now: its page says nothing of this move
      if ((answer.headers.get("Content-Type") || "").startsWith("text/html")) {
        show(text, stamp);
      } else {
        say(text);  // refused outright (a form from elsewhere): nothing was played
      }
    } catch (error) {
      if (mine === generation) say(status.dataset.offline);  // the move may not have arrived; the page resyncs
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
  function listen() {
    if (!window.EventSource) return;
    const since = encodeURIComponent(stamp);
    const mine = generation;
    // parts=1: each news brings the live part itself (no fetch); "version" (the stamp alone) still refreshes.
    source = new EventSource(base + "/events?parts=1&since=" + since + (query ? "&" + query.slice(1) : ""));
    const current = source;
    source.addEventListener("version", (event) => { if (mine === generation) refresh(event.data); });
    source.addEventListener("part", (event) => {
      if (mine !== generation) return;
      if (fetching) fetching.again = null;  // the part is newer than what a fetch under way would bring
      show(event.data, event.lastEventId);
    });
    // The result is posted: the page holds the final position; nothing more will come, so no reconnect.
    source.addEventListener("end", () => { current.close(); status.textContent = status.dataset.over; });
    source.addEventListener("open", () => { if (mine === generation) status.textContent = status.dataset.live; });
    source.addEventListener("error", () => { if (mine === generation) status.textContent = status.dataset.offline; });
  }
  // Follow another match's part, already shown in #live with its stamp (the Activity's list).
  function follow(nextBase, nextQuery, nextStamp) {
    generation += 1;
    if (source) source.close();
    fetching = null;
    base = nextBase;
    query = nextQuery;
    stamp = nextStamp;
    live.dataset.base = base;
    live.dataset.query = query;
    live.dataset.stamp = stamp;
    checkCounts();
    listen();
  }
  window.DuelTableLive = { follow };
  listen();
})();
