// Duel Table's Discord Activity: sign in through the Embedded App SDK, then show the member's seat page
// (or the public page) inside Discord; opened outside a match's thread, the list of matches it may open (it
// stays, and switches the page from one match to another). The bot's server trades the code for a token, reads who signed in
// and answers with the page's signed path; the page's own live script (/static/live.js) keeps it current.
// Outside Discord (no frame_id in the URL) the SDK's mock stands in, with a code given as ?mock_code=: a
// developer's browser and the tests. The code is still traded with Discord by the server, so the mock
// grants nothing a real sign-in does not.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

const root = document.getElementById("activity");
const live = document.getElementById("live");
const status = document.getElementById("status");
const lang = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";

function say(text) {
  status.textContent = text;
}

function sdkFor(clientId, query) {
  if (query.has("frame_id")) return new DiscordSDK(clientId);
  const code = query.get("mock_code");
  if (!code) return null;
  const mock = new DiscordSDKMock(clientId, query.get("guild_id"), query.get("channel_id"), null);
  mock._updateCommandMocks({ authorize: async () => ({ code }) });
  return mock;
}

async function main() {
  const clientId = root.dataset.clientId;
  say(root.dataset["connecting_" + lang]);
  const sdk = sdkFor(clientId, new URLSearchParams(window.location.search));
  if (!sdk) {
    say(root.dataset["outside_" + lang]);
    return;
  }
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  const answer = await fetch("/activity/token", {
    method: "POST", cache: "no-store", credentials: "omit", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, channel_id: sdk.channelId, lang }),
  });
  const signed = await answer.json();
  if (!answer.ok) {
    say(signed.message);
    return;
  }
  await sdk.commands.authenticate({ access_token: signed.access_token });
  if (signed.matches) {
    showList(signed);  // opened outside a match's thread: the matches it may open here
    return;
  }
  await showPage(signed.link, signed.own, signed);
}

// The list of matches (the server's answer: a seat's path only for the member's own match). Built with
// textContent, never as HTML: names are the members' own.
function showList(signed) {
  document.documentElement.lang = signed.locale;
  const nav = document.createElement("nav");
  nav.id = "matches";
  const heading = document.createElement("h1");
  heading.textContent = signed.words.heading;
  const hint = document.createElement("p");
  hint.textContent = signed.words.pick;
  const items = document.createElement("ul");
  items.className = "options many";
  for (const entry of signed.matches) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.link = entry.link;
    button.textContent = (entry.own ? signed.words.yours + " · " : "") + entry.title + ": " + entry.versus;
    if (entry.turn) {
      const turn = document.createElement("small");
      turn.textContent = " " + entry.turn;
      button.appendChild(turn);
    }
    button.addEventListener("click", () => {
      // The list stays: another button switches the page to that match (live.js follows one at a time).
      for (const other of items.querySelectorAll("button")) other.removeAttribute("aria-current");
      button.setAttribute("aria-current", "true");
      hint.textContent = signed.words.reopen;
      showPage(entry.link, entry.own, signed).catch(failed);
    });
    const item = document.createElement("li");
    item.appendChild(button);
    items.appendChild(item);
  }
  nav.append(heading, hint, items);
  live.before(nav);
  say("");
}

let chosen = 0;  // the last match asked for: a slower answer for an earlier choice is not shown

async function showPage(link, own, signed) {
  const mine = ++chosen;
  const part = await fetch(link + "/live?lang=" + signed.locale, { cache: "no-store", credentials: "omit" });
  if (mine !== chosen) return;
  if (!part.ok) {
    say(root.dataset["failed_" + lang]);
    return;
  }
  const html = await part.text();
  if (mine !== chosen) return;
  live.innerHTML = html;
  const shown = live.querySelector("[data-stamp]");
  live.dataset.base = link;
  live.dataset.query = "?lang=" + signed.locale;
  live.dataset.stamp = shown ? shown.dataset.stamp : "";
  live.dataset.own = own ? "1" : "0";
  status.dataset.live = signed.live;
  status.dataset.offline = signed.offline;
  document.documentElement.lang = signed.locale;
  if (window.DuelTableLive) {  // a match chosen before: the live script switches to this one
    window.DuelTableLive.follow(link, live.dataset.query, live.dataset.stamp);
    return;
  }
  // The pages' own live script: it follows the server-sent events and fetches the live part again. Loaded
  // once: a choice made while it loads is read from #live's data when it starts.
  if (document.querySelector('script[src="/static/live.js"]')) return;
  const script = document.createElement("script");
  script.src = "/static/live.js";
  document.body.appendChild(script);
}

function failed(error) {
  console.error(error);
  say(root.dataset["failed_" + lang]);
}

main().catch(failed);
