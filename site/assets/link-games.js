// The home page's list of games by link kept in this browser: each game page keeps them
// (site/app/link/shelf.py, with a summary per game that Python wrote) under one storage key
// named after the site's folder. This script only reads those summaries and lists them,
// each with a link that continues the game on its page; it decides nothing about a game.
// The summaries are English data: each line is worded here in the page's language, the
// game's title taken from the page's own card for it.
"use strict";
(() => {
  const gettext = (message, values) => window.ndGettext(message, values);
  const section = document.querySelector(".link-games");
  if (!section) return;
  // Named after the site's root (this file is in <root>/assets/), the same from every
  // language's home page ("es/" lists the games of the root's).
  const key = `number-duels:${new URL("../", document.currentScript.src).pathname}links`;
  let games = {};
  try {
    // Kept as the saved games are: a revision line (count.token), then the value.
    const kept = localStorage.getItem(key) || "{}";
    const revision = /^[0-9]{1,15}\.[0-9a-f]{16}\n/.exec(kept);
    const data = JSON.parse(revision ? kept.slice(revision[0].length) : kept);
    if (data && data.v === 1 && data.games && typeof data.games === "object") games = data.games;
  } catch {
    return; // storage refused or damaged: nothing to list
  }
  /** Where the game stands, for its status (and outcome, once over); else as Python said. */
  function state(s) {
    const name = String(s.opponent);
    switch (`${s.status} ${s.outcome ?? ""}`.trim()) {
      case "your-turn":
        return gettext("Your turn");
      case "their-turn":
        return gettext("{name}'s turn", { name });
      case "waiting":
        return gettext("Waiting for {name} to join", { name });
      case "cheating":
        return gettext("Cheating detected");
      case "stopped":
        return gettext("You stopped it");
      case "over draw":
        return gettext("Over: a draw");
      case "over won":
        return gettext("Over: you won");
      case "over lost":
        return gettext("Over: you lost");
      default:
        return String(s.state);
    }
  }
  const list = section.querySelector("ul");
  const slug = /^[a-z-]{1,40}$/;
  const id = /^[0-9a-f]{16}$/;
  for (const [gameId, entry] of Object.entries(games)) {
    const s = entry && entry.summary;
    if (!s || !slug.test(String(s.slug)) || !id.test(gameId)) continue;
    const card = document.querySelector(`.game-card.game-${s.slug} .game-card-title`);
    const item = document.createElement("li");
    item.dataset.status = String(s.status);
    const link = document.createElement("a");
    link.href = `games/${s.slug}/#game=${gameId}`;
    link.textContent = gettext("{game} with {name}", {
      game: card ? card.textContent : String(s.title),
      name: String(s.opponent),
    });
    const shown = document.createElement("span");
    shown.className = "link-state";
    shown.textContent = `: ${state(s)}`;
    item.append(link, shown);
    list.append(item);
  }
  section.hidden = list.children.length === 0;
})();
