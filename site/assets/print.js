// A game page's printout: the "Print rules" button, and every closed <details> (the
// analysis table) opened while printing, then closed again. The print stylesheet in
// style.css leaves out the board, the forms and the buttons.
"use strict";
(() => {
  const button = document.getElementById("print-rules");
  if (button) button.addEventListener("click", () => print());
  let opened = [];
  addEventListener("beforeprint", () => {
    opened = [...document.querySelectorAll("details:not([open])")];
    for (const details of opened) details.open = true;
  });
  addEventListener("afterprint", () => {
    for (const details of opened) details.open = false;
    opened = [];
  });
})();
