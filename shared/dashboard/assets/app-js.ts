/**
 * The dashboard's script, served at /dashboard/assets/app.js. Progressive enhancement only: every page
 * works without it. Copy buttons: an element with data-copy-target="<id>" becomes a visible button that
 * copies that element's text.
 */
export const APP_JS = String.raw`"use strict";
(function () {
  function setUp(button) {
    var target = document.getElementById(button.getAttribute("data-copy-target"));
    if (!target || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(target.textContent.trim()).then(
        function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy"; }, 2000); },
        function () { button.textContent = "Copy failed: select and copy by hand"; }
      );
    });
  }
  document.querySelectorAll("[data-copy-target]").forEach(setUp);
})();
`;
