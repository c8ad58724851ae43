// A note at the foot of the live site's notebook pages while Python starts in the browser (the menus and the
// notebook's name above stay free).
//
// JupyterLite shows "No Kernel" (or nothing) for the half-minute or more Pyodide takes to start, and a reader may
// think the lesson is broken. scripts/build_lite.py adds this file to the notebooks/ and lab/ pages of the built
// site (a <script> before </head>). It draws a plain bar at once, and polls the app that JupyterLite exposes
// (window.jupyterapp: "exposeAppInBrowser" in lite/jupyter-lite.json) for the kernel of the notebook in view:
// while there is none yet, or it is starting, the bar says Python is starting; once the kernel is idle or busy
// it says Python is ready and goes away a few seconds later; if the kernel dies it says how to start again.
// No network, no JupyterLab extension: only the app's public session model (sessionContext.session.kernel).
// The states it went through, with their times, are kept in window.hlKernelNote for the browser tests.
(function () {
  "use strict";
  var POLL_MS = 200;
  var READY_SHOWN_MS = 4000; // how long "Python is ready" stays before the bar goes
  var NO_NOTEBOOK_MS = 5000; // the app is up but shows no notebook (the lab's launcher): nothing is starting
  var WORDS = {
    starting:
      "Python is starting in your browser (the first start can take up to a minute). " +
      "You can press Run already: cells wait until it is ready.",
    ready: "Python is ready.",
    restarting: "Python is restarting in your browser…",
    stopped: "Python stopped. Reload the page to start it again.",
  };
  // notebooks/ always shows one notebook; lab/ may show none (its launcher), and then nothing is starting
  var app = (document.currentScript && document.currentScript.dataset.app) || "notebooks";
  var record = { states: [], started: Date.now(), app: app };
  window.hlKernelNote = record;

  var bar = document.createElement("div");
  bar.id = "hl-kernel-note";
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-live", "polite");
  bar.style.cssText =
    "position:fixed;bottom:0;left:0;right:0;z-index:10000;padding:8px 14px;font:15px/1.4 system-ui,-apple-system," +
    "'Segoe UI',Arial,sans-serif;text-align:center;box-shadow:0 -2px 6px rgba(0,0,0,.25)";
  var COLOURS = {
    starting: ["#fff4ce", "#3b2f00"],
    restarting: ["#fff4ce", "#3b2f00"],
    ready: ["#dff3e4", "#0b3d1a"],
    stopped: ["#fde8eb", "#6b0012"],
  };
  var state = null;
  var hideTimer = 0;
  var firstNoNotebook = 0;
  var seenKernel = null;

  function show(next) {
    if (next === state) return;
    state = next;
    record.states.push({ state: next, at: Date.now() - record.started });
    clearTimeout(hideTimer);
    bar.dataset.state = next;
    bar.textContent = WORDS[next];
    bar.style.background = COLOURS[next][0];
    bar.style.color = COLOURS[next][1];
    bar.hidden = false;
    if (next === "ready") {
      hideTimer = setTimeout(function () {
        bar.hidden = true;
        record.states.push({ state: "hidden", at: Date.now() - record.started });
      }, READY_SHOWN_MS);
    }
  }

  function kernelOf(app) {
    var panel = app && app.shell && app.shell.currentWidget;
    if (!panel || !panel.sessionContext) return { notebook: false, kernel: null };
    var session = panel.sessionContext.session;
    return { notebook: true, kernel: session ? session.kernel : null };
  }

  function poll() {
    var found = kernelOf(window.jupyterapp);
    if (app === "lab" && window.jupyterapp && !found.notebook) {
      // the app is up and shows no notebook: nothing to start, unless one opens later
      firstNoNotebook = firstNoNotebook || Date.now();
      if (state !== "ready" && Date.now() - firstNoNotebook > NO_NOTEBOOK_MS) {
        bar.hidden = true;
        state = null;
      }
      return;
    }
    firstNoNotebook = 0;
    var status = found.kernel ? found.kernel.status : "unknown";
    if (found.kernel && found.kernel.id !== seenKernel) {
      // another notebook's kernel (the lab): it starts, it does not restart
      if (seenKernel !== null && status !== "idle" && status !== "busy") state = null;
      seenKernel = found.kernel.id;
    }
    if (status === "idle" || status === "busy") show("ready");
    else if (status === "dead") show("stopped");
    else if (state === "ready" || state === "restarting") show("restarting");
    else if (state !== "restarting") show("starting");
  }

  function start() {
    document.body.appendChild(bar);
    show("starting");
    poll();
    setInterval(poll, POLL_MS);
  }

  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
