// Vanilla JS for two things only: the live event stream of a job page, and the citation popover.
(function () {
  "use strict";

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  // --- live job page ---------------------------------------------------------------------------
  var live = document.querySelector("[data-events-url]");
  if (live && window.EventSource) {
    var types = ["plan_ready", "search", "source_read", "gap_found", "section_drafted", "claim_checked",
                 "budget_warning", "compacting", "done", "failed", "cancelled"];
    var reloadOn = { plan_ready: 1, gap_found: 1, done: 1, failed: 1, cancelled: 1 };
    var list = document.getElementById("event-log");
    var url = live.getAttribute("data-events-url");
    var last = live.getAttribute("data-last-event-id");
    if (last) { url += "?lastEventId=" + encodeURIComponent(last); }
    var source = new EventSource(url);
    var describe = function (type, d) {
      switch (type) {
        case "search": return "search [sq " + d.sq_id + "]: " + JSON.stringify(d.query) + " -> " + d.results + " results";
        case "source_read": return "read [sq " + d.sq_id + "]: " + (d.title || d.url) + " (" + (d.error || d.notes + " notes") + ")";
        case "section_drafted": return "drafted: " + d.heading + " (" + d.sentences + " sentences)";
        case "claim_checked":
          if (d.count !== undefined) {
            return "checked claims " + (d.index + 1) + "-" + (d.index + d.count) + ": " + d.kept + " kept, " + d.rewritten + " rewritten, " + d.dropped + " dropped";
          }
          return "checked claim " + (d.index + 1) + ": " + d.verdict + " (" + d.outcome + ")";
        case "budget_warning": return "budget: " + d.reason;
        case "gap_found": return "gap check: " + d.reason;
        case "failed": return "FAILED: " + d.error;
        default: return type;
      }
    };
    var bump = function (sqId, cls) {
      var cell = document.querySelector('[data-sq="' + sqId + '"] .' + cls);
      if (cell) { cell.textContent = String(parseInt(cell.textContent || "0", 10) + 1); }
    };
    types.forEach(function (type) {
      source.addEventListener(type, function (ev) {
        var data = {};
        try { data = JSON.parse(ev.data); } catch (e) { data = {}; }
        var li = document.createElement("li");
        li.textContent = describe(type, data);   // text, never HTML
        li.setAttribute("data-type", type);
        if (list) { list.appendChild(li); list.scrollTop = list.scrollHeight; }
        if (type === "search") { bump(data.sq_id, "searches"); }
        if (type === "source_read") { bump(data.sq_id, "pages"); }
        if (reloadOn[type]) { source.close(); window.setTimeout(function () { window.location.reload(); }, 300); }
      });
    });
    source.addEventListener("stream-error", function () { source.close(); });
  }

  // --- citation popover ----------------------------------------------------------------------------
  var popover = document.getElementById("citation-popover");
  var report = document.querySelector("[data-job-id]");
  if (!popover || !report) { return; }
  var jobId = report.getAttribute("data-job-id");

  function field(name) { return popover.querySelector('[data-field="' + name + '"]'); }
  function close() { popover.hidden = true; }

  function show(marker, note) {
    field("title").textContent = note.source.title || note.source.domain;
    field("domain").textContent = note.source.domain;
    field("published").textContent = note.source.published_at || "undated";
    field("fetched").textContent = note.source.fetched_at ? note.source.fetched_at.slice(0, 10) : "not fetched";
    field("before").textContent = note.before ? "…" + note.before : "";
    field("quote").textContent = note.quote;
    field("after").textContent = note.after ? note.after + "…" : "";
    var link = field("link");
    var href = note.source.url || "";
    if (/^https?:\/\//i.test(href)) { link.setAttribute("href", href); link.textContent = href; link.hidden = false; }
    else { link.removeAttribute("href"); link.hidden = true; }
    field("unverified").hidden = !!note.quote_found;
    var r = marker.getBoundingClientRect();
    popover.style.top = (window.scrollY + r.bottom + 6) + "px";
    popover.style.left = Math.max(8, window.scrollX + r.left - 40) + "px";
    popover.hidden = false;
    popover.focus();
  }

  report.addEventListener("click", function (ev) {
    var marker = ev.target.closest("a.cite");
    if (!marker) { return; }
    ev.preventDefault();
    var noteId = marker.getAttribute("data-note");
    fetch("/v1/notes/" + encodeURIComponent(noteId), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) { throw new Error("note " + r.status); } return r.json(); })
      .then(function (note) { show(marker, note); })
      .catch(function () { window.location.hash = "note-" + noteId; });
    fetch("/v1/research/" + jobId + "/citation-clicks", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify({ note_id: parseInt(noteId, 10) })
    }).catch(function () {});
  });
  popover.querySelector("button.close").addEventListener("click", close);
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { close(); } });
  document.addEventListener("click", function (ev) {
    if (!popover.hidden && !popover.contains(ev.target) && !ev.target.closest("a.cite")) { close(); }
  });
})();
