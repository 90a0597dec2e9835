// The home page's list of games by link kept in this browser: each game page keeps them
// (site/app/link_play.py, with a summary per game that Python wrote) under one storage key
// named after the site's folder. This script only reads those summaries and lists them,
// each with a link that continues the game on its page; it decides nothing about a game.
"use strict";
(() => {
  const section = document.querySelector(".link-games");
  if (!section) return;
  const key = `number-duels:${new URL("./", location.href).pathname}links`;
  let games = {};
  try {
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    if (data && data.v === 1 && data.games && typeof data.games === "object") games = data.games;
  } catch {
    return; // storage refused or damaged: nothing to list
  }
  const list = section.querySelector("ul");
  const slug = /^[a-z-]{1,40}$/;
  const id = /^[0-9a-f]{16}$/;
  for (const [gameId, entry] of Object.entries(games)) {
    const s = entry && entry.summary;
    if (!s || !slug.test(String(s.slug)) || !id.test(gameId)) continue;
    const item = document.createElement("li");
    item.dataset.status = String(s.status);
    const link = document.createElement("a");
    link.href = `games/${s.slug}/#game=${gameId}`;
    link.textContent = `${s.title} with ${s.opponent}`;
    const state = document.createElement("span");
    state.className = "link-state";
    state.textContent = `: ${s.state}`;
    item.append(link, state);
    list.append(item);
  }
  section.hidden = list.children.length === 0;
})();
