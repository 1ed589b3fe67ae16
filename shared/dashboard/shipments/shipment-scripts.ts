/**
 * The shipments pages' scripts, served at /dashboard/shipments/assets/<name> (strings: a bundled edge
 * function needs no file system). Progressive enhancement only; without them every form posts and every
 * progress page has a refresh link.
 *
 * form.js: markers follow the chosen document types; line-item and container rows are added and removed
 * in place; saved parties and HS codes are suggested while typing (GET JSON endpoints, same origin).
 * progress.js: polls a [data-poll] address every 2 s and reloads the page when the work is done.
 */
export const FORM_JS = String.raw`"use strict";
(function () {
  var form = document.querySelector("[data-shipment-form]");
  if (!form) return;
  var live = document.createElement("p");
  live.className = "visually-hidden"; live.setAttribute("role", "status");
  form.appendChild(live);
  form.querySelectorAll("[data-no-js-only]").forEach(function (b) { b.hidden = true; });

  // Required / recommended markers from the table carried in data-required-for / data-recommended-for.
  function titles() {
    var t = {}, chosen = [];
    form.querySelectorAll("input[name=doc_types]").forEach(function (c) {
      t[c.value] = c.parentNode.textContent.trim();
      if (c.checked) chosen.push(c.value);
    });
    return { t: t, chosen: chosen };
  }
  function updateMarkers() {
    var s = titles();
    form.querySelectorAll(".marker[data-required-for]").forEach(function (m) {
      var pick = function (attr) { return (m.getAttribute(attr) || "").split(" ").filter(function (x) { return x && s.chosen.indexOf(x) >= 0; }); };
      var req = pick("data-required-for"), rec = pick("data-recommended-for");
      var list = req.length ? req : rec;
      m.hidden = list.length === 0;
      m.className = "marker badge" + (req.length ? " badge--error" : rec.length ? " badge--warn" : "");
      m.textContent = list.length ? (req.length ? "Required" : "Recommended") + " for " + list.map(function (x) { return s.t[x]; }).join(", ") : "";
    });
  }
  form.querySelectorAll("input[name=doc_types]").forEach(function (c) { c.addEventListener("change", updateMarkers); });

  // Rows: the server reads any row index, so a new row takes max + 1 and nothing is renumbered.
  function renumber(group) {
    group.querySelectorAll("fieldset.row").forEach(function (row, i) {
      var legend = row.querySelector("legend");
      legend.textContent = legend.textContent.replace(/\d+$/, String(i + 1));
    });
  }
  form.addEventListener("click", function (e) {
    var button = e.target.closest("button");
    if (!button) return;
    var group = button.closest("[data-group]");
    if (button.classList.contains("add-row") && group) {
      e.preventDefault();
      var rows = group.querySelectorAll("fieldset.row");
      var last = rows[rows.length - 1];
      var max = 0;
      rows.forEach(function (r) { max = Math.max(max, Number(r.getAttribute("data-row"))); });
      var from = last.getAttribute("data-row"), to = String(max + 1);
      var copy = last.cloneNode(true);
      copy.setAttribute("data-row", to);
      copy.querySelectorAll(".findings, .confidence, input[type=hidden], p[role=status], .hs-panel").forEach(function (n) { n.remove(); });
      copy.querySelectorAll(".field").forEach(function (f) { f.className = "field"; });
      var swap = function (v) {
        return v.split("." + from + ".").join("." + to + ".").split("-" + from + "-").join("-" + to + "-").replace(new RegExp("^hs-" + from + "$"), "hs-" + to);
      };
      copy.querySelectorAll("[name],[id],[for],[list],[aria-describedby],[data-hs-row]").forEach(function (n) {
        ["name", "id", "for", "list", "aria-describedby"].forEach(function (a) { if (n.hasAttribute(a)) n.setAttribute(a, swap(n.getAttribute(a))); });
        if (n.hasAttribute("data-hs-row")) n.setAttribute("data-hs-row", to);
        if (n.tagName === "DATALIST") n.textContent = "";
      });
      copy.querySelectorAll("input,select").forEach(function (n) { if (n.type === "checkbox") n.checked = false; else n.value = ""; });
      copy.querySelectorAll("button[name=action]").forEach(function (b) { b.value = b.value.replace(/:\d+$/, ":" + to); b.textContent = b.textContent.replace(/\d+$/, ""); });
      last.after(copy);
      renumber(group);
      var first = copy.querySelector("input:not([type=hidden])");
      if (first) first.focus();
      live.textContent = "Row added.";
    } else if (button.classList.contains("remove-row") && group) {
      e.preventDefault();
      var row = button.closest("fieldset.row");
      if (group.querySelectorAll("fieldset.row").length > 1) row.remove();
      else row.querySelectorAll("input,select").forEach(function (n) { if (n.type === "checkbox") n.checked = false; else if (n.type !== "hidden") n.value = ""; });
      renumber(group);
      live.textContent = "Row removed.";
      var add = group.querySelector(".add-row");
      if (add) add.focus();
    }
  });

  function debounce(fn) { var t; return function (a) { clearTimeout(t); t = setTimeout(function () { fn(a); }, 250); }; }
  function getJson(url) {
    return fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; });
  }
  function fill(list, items) {
    list.textContent = "";
    items.forEach(function (i) { var o = document.createElement("option"); o.value = i.value; if (i.label) o.textContent = i.label; list.appendChild(o); });
  }

  // Saved parties: suggestions while typing the name; picking one fills the party's other fields.
  var parties = {};
  // Answers can arrive out of order: only the latest request of a kind may fill its list.
  var partySeq = 0, hsSeq = 0;
  var partyList = document.getElementById("saved-parties");
  var PARTY_FIELDS = ["address", "city", "postal_code", "country", "tax_ids.eori", "tax_ids.ein", "contact_email", "contact_phone"];
  // Saved parties matching the words, remembered by name for the pick (null: no answer).
  function askParties(q) {
    return getJson("/dashboard/shipments/suggest/parties?q=" + encodeURIComponent(q)).then(function (r) {
      if (r) r.parties.forEach(function (p) { parties[p.name] = p; });
      return r;
    });
  }
  form.querySelectorAll("input[data-party]").forEach(function (input) {
    var who = input.getAttribute("data-party");
    input.addEventListener("input", debounce(function () {
      var q = input.value.trim();
      if (q.length < 2 || !partyList) return;
      var asked = ++partySeq;
      askParties(q).then(function (r) {
        if (!r || asked !== partySeq) return;
        fill(partyList, r.parties.map(function (p) { return { value: p.name, label: [p.city, p.country].filter(Boolean).join(", ") }; }));
      });
    }));
    // The page's list already names the saved parties, so a name can be picked before any suggestion
    // request has answered: then the party is asked for by name before its fields are filled.
    input.addEventListener("change", function () {
      var name = input.value;
      if (!name.trim()) return;
      var known = parties[name];
      var found = known ? Promise.resolve(known) : askParties(name.trim()).then(function () { return parties[name] || null; });
      found.then(function (p) {
        if (!p || input.value !== name) return;
        PARTY_FIELDS.forEach(function (k) {
          var v = k.indexOf("tax_ids.") === 0 ? (p.tax_ids || {})[k.slice(8)] : p[k];
          var el = form.querySelector("[name='" + who + "." + k + "']");
          if (el && v) el.value = v;
        });
        live.textContent = "Filled the " + who + " from the saved party " + p.name + ".";
      });
    });
  });

  // HS codes: suggestions from the destination's schedule while typing a code or a description.
  form.addEventListener("input", debounce(function (e) {
    var input = e.target;
    if (!input || !input.hasAttribute || !input.hasAttribute("data-hs-row")) return;
    var q = input.value.trim();
    if (q.length < 2) return;
    var dest = form.querySelector("[data-hs-country]");
    var list = document.getElementById(input.getAttribute("list"));
    var asked = ++hsSeq;
    getJson("/dashboard/shipments/suggest/hs?q=" + encodeURIComponent(q) + "&country=" + encodeURIComponent(dest ? dest.value.trim() : "")).then(function (r) {
      if (!r || !list || asked !== hsSeq) return;
      fill(list, r.results.map(function (x) { return { value: x.code, label: x.description }; }));
      live.textContent = r.message || (r.results.length + " HS suggestions from the " + r.schedule_name + ".");
    });
  }));
})();
`;

export const PROGRESS_JS = String.raw`"use strict";
(function () {
  document.querySelectorAll("[data-poll]").forEach(function (box) {
    var url = box.getAttribute("data-poll"), tries = 0;
    function tick() {
      tries++;
      fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (s) {
        if (s && s.jobs) {
          s.jobs.forEach(function (j) {
            var cell = document.querySelector("[data-job='" + j.id + "'] [data-job-status]");
            if (cell) cell.textContent = j.label;
          });
          var bar = box.querySelector("progress");
          if (bar && typeof s.ready === "number") { bar.value = s.ready; bar.textContent = s.ready + " of " + s.total; }
          var text = box.querySelector("strong");
          if (text && typeof s.ready === "number") text.textContent = s.ready + " of " + s.total + " documents ready.";
        }
        if (s && s.done) { location.reload(); return; }
        if (tries < 150) setTimeout(tick, 2000);
      }, function () { if (tries < 150) setTimeout(tick, 4000); });
    }
    setTimeout(tick, 1000);
  });
})();
`;
