(function () {
  "use strict";
  var page = document.getElementById("seite");
  if (!page || !window.fetch || !window.URLSearchParams) { return; }
  var self = page.dataset.self, seen = page.dataset.seen, words = window.schreiberWords || {};
  var store = "schreiber:" + self, sending = false, timer = null;

  function newKey() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }
  function pending() { try { return JSON.parse(localStorage.getItem(store) || "null"); } catch (e) { return null; } }
  function keep(p) { try { if (p) { localStorage.setItem(store, JSON.stringify(p)); } else { localStorage.removeItem(store); } } catch (e) {} }
  function say(text, good) {
    var m = document.getElementById("meldung");
    m.innerHTML = "";
    var p = document.createElement("p");
    p.className = "box " + (good ? "said" : "bad");
    p.textContent = text;
    m.appendChild(p);
  }
  function banner(p) {
    var b = document.getElementById("offen");
    if (!p) { b.classList.add("hidden"); return; }
    document.getElementById("offen-text").textContent = (words.pending || "{what}").replace("{what}", p.what) + " " + (words.offline || "");
    b.classList.remove("hidden");
  }
  function setSeen(value) {
    seen = value;
    page.dataset.seen = value;
    Array.prototype.forEach.call(document.querySelectorAll("input[name=seen]"), function (i) { i.value = value; });
  }
  function refresh() {
    return window.fetch(self + window.location.search, {cache: "no-store", credentials: "same-origin"}).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html"), fresh = doc.getElementById("seite");
      if (!fresh) { return; }
      Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (el) {
        var other = doc.getElementById(el.id);
        if (other) { el.replaceWith(document.importNode(other, true)); }
      });
      setSeen(fresh.dataset.seen);
      var form = document.getElementById("eingabe"), other = doc.getElementById("eingabe");
      if (!!form !== !!other) { window.location.reload(); }
    }).catch(function () {});
  }
  function send() {
    var p = pending();
    if (!p || sending) { return; }
    sending = true;
    window.fetch(p.action, {method: "POST", body: p.body, credentials: "same-origin",
      headers: {"content-type": "application/x-www-form-urlencoded", "x-schreiber": "1"}}).then(function (r) {
      var json = (r.headers.get("content-type") || "").indexOf("json") >= 0;
      if (!json && r.status >= 500) { throw new Error("server"); }
      return (json ? r.json() : r.text().then(function () { return {status: "error", said: r.status + " " + r.statusText}; })).then(function (a) {
        sending = false;
        keep(null);
        banner(null);
        var form = document.getElementById(p.form);
        say(a.said, a.status === "ok" || a.status === "done");
        if (form && (a.status === "ok" || a.status === "done")) {
          form.reset();
          form.elements.key.value = newKey();
          form.dispatchEvent(new Event("change"));
          var chips = document.getElementById("vorschlaege");
          if (chips) { chips.innerHTML = ""; }
        }
        if (a.seen) { setSeen(a.seen); }
        return refresh();
      });
    }).catch(function () {
      sending = false;
      banner(p);
      clearTimeout(timer);
      timer = setTimeout(send, 4000);
    });
  }
  function described(form) {
    var line = form.elements.zeile && form.elements.zeile.value;
    if (line) { return line; }
    var spiel = form.elements.spiel;
    if (spiel && spiel.value) { return spiel.options[spiel.selectedIndex].text; }
    return form.querySelector("button").textContent;
  }
  Array.prototype.forEach.call(document.querySelectorAll("form[data-write]"), function (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      if (pending()) { send(); return; }
      form.elements.seen.value = seen;
      keep({action: form.getAttribute("action"), body: new URLSearchParams(new FormData(form)).toString(),
        what: described(form), form: form.id || ""});
      send();
    });
  });
  document.getElementById("offen-jetzt").addEventListener("click", function () { clearTimeout(timer); send(); });

  var tap = document.getElementById("tipp-form");
  function shape() {
    if (!tap) { return; }
    var sel = tap.elements.spiel, opt = sel.options[sel.selectedIndex], kind = opt && opt.dataset.kind;
    var call = opt && opt.dataset.call === "1", prem = ((opt && opt.dataset.premiums) || "").split(" ");
    Array.prototype.forEach.call(tap.querySelectorAll("[data-for]"), function (el) {
      var f = el.dataset.for, show = !!kind && (f === "call" ? call : f === "trischaken" ? kind === "trischaken" :
        f === "premiums" ? kind === "positive" : kind !== "trischaken");
      el.classList.toggle("hidden", !show);
    });
    Array.prototype.forEach.call(tap.querySelectorAll("[data-premium]"), function (el) {
      el.classList.toggle("hidden", !!kind && prem.indexOf(el.dataset.premium) < 0);
    });
  }
  if (tap) { tap.addEventListener("change", shape); shape(); }

  var line = document.getElementById("zeile"), chips = document.getElementById("vorschlaege"), asked = 0;
  function suggest() {
    var n = ++asked;
    window.fetch(line.dataset.suggest + "?zeile=" + encodeURIComponent(line.value), {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.json(); }).then(function (a) {
        if (n !== asked) { return; }
        chips.innerHTML = "";
        (a.words || []).forEach(function (word) {
          var b = document.createElement("button");
          b.type = "button";
          b.textContent = word;
          b.addEventListener("click", function () {
            var parts = line.value.split(" ");
            parts[parts.length - 1] = word;
            line.value = parts.join(" ") + " ";
            line.focus();
            suggest();
          });
          chips.appendChild(b);
        });
      }).catch(function () {});
  }
  if (line && chips) { line.addEventListener("input", suggest); line.addEventListener("focus", suggest); }

  function poll() {
    window.fetch(self + "/stand", {cache: "no-store", credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (a) {
      if (a.seen !== seen && !sending) { refresh(); }
    }).catch(function () {});
  }
  setInterval(poll, 3000);
  if (pending()) { banner(pending()); send(); }
})();
