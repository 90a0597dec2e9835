// The tutorial's lesson steps, driven by the boards' lesson events (README, "Lesson API").
//
// A <section class="lesson-step"> holding a board against the computer: when a game on
// that board ends, its .lesson-result line says "well done" (data-well-done) if the
// learner, player 1, won, or how to try again (data-try-again); a win also shows the
// next step (the element whose id is data-next).
"use strict";
document.addEventListener("number-duels:end", (event) => {
  const step = event.target.closest(".lesson-step");
  if (!step) return;
  const won = event.detail.winner === 1;
  step.querySelector(".lesson-result").textContent = won
    ? step.dataset.wellDone
    : step.dataset.tryAgain;
  const next = step.dataset.next && document.getElementById(step.dataset.next);
  if (won && next) next.hidden = false;
});
