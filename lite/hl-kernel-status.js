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
//
// App mode: notebooks/index.html?path=NAME.ipynb&app=1 opens a notebook as an app (the app notebooks of app/,
// e.g. the practice app). The page's menus, toolbar, code cells' inputs, prompts and markdown are hidden by a
// stylesheet added at once; a note in the middle of the screen says Python is starting; once the kernel is
// idle every cell is run (outputs left by an earlier visit are cleared first and never shown), the note says the
// app is opening, and it goes when the cells have run. If a cell fails, the note says so.
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
  var APP_WORDS = {
    starting: "Python is starting in your browser… (the first start can take up to a minute)",
    opening: "Opening the app…",
    ready: "Ready.",
    restarting: "Python is restarting in your browser…",
    stopped: "Python stopped. Reload the page to start it again.",
    failed: "The app stopped with an error. Reload the page to try again.",
  };
  // The Japanese edition's live site (scripts/build_lite.py gives this script data-lang="ja"): the same notes in
  // Japanese, as JupyterLite's own menus are there (scripts/build_lite.py sets the locale ja_JP: 実行).
  if (document.currentScript && document.currentScript.dataset.lang === "ja") {
    WORDS = {
      starting:
        "ブラウザーの中でPythonを起動しています（初回は最大1分ほどかかります）。" +
        "メニューの「実行」はもう使えます。セルは準備ができるまで待ってから実行されます。",
      ready: "Pythonの準備ができました。",
      restarting: "ブラウザーの中でPythonを再起動しています…",
      stopped: "Pythonが停止しました。ページを再読み込みすると、もう一度起動します。",
    };
    APP_WORDS = {
      starting: "ブラウザーの中でPythonを起動しています…（初回は最大1分ほどかかります）",
      opening: "アプリを開いています…",
      ready: "準備ができました。",
      restarting: "ブラウザーの中でPythonを再起動しています…",
      stopped: "Pythonが停止しました。ページを再読み込みすると、もう一度起動します。",
      failed: "アプリがエラーで停止しました。ページを再読み込みして、もう一度試してください。",
    };
  }
  // notebooks/ always shows one notebook; lab/ may show none (its launcher), and then nothing is starting
  var app = (document.currentScript && document.currentScript.dataset.app) || "notebooks";
  var appMode = app === "notebooks" && new URLSearchParams(window.location.search).get("app") === "1";
  var record = { states: [], started: Date.now(), app: app, appMode: appMode };
  window.hlKernelNote = record;
  var ran = false; // app mode: the cells were sent to run
  var APP_CSS = [
    "html.hl-app-mode #top-panel-wrapper, html.hl-app-mode #menu-panel-wrapper, html.hl-app-mode #top-panel,",
    "html.hl-app-mode #menu-panel, html.hl-app-mode .jp-NotebookPanel-toolbar, html.hl-app-mode .jp-Cell-inputWrapper,",
    "html.hl-app-mode .jp-InputArea, html.hl-app-mode .jp-InputPrompt, html.hl-app-mode .jp-OutputPrompt,",
    "html.hl-app-mode .jp-Collapser, html.hl-app-mode .jp-cell-toolbar, html.hl-app-mode .jp-Notebook-footer,",
    "html.hl-app-mode .jp-MarkdownCell, html.hl-app-mode .jp-Cell-footer, html.hl-app-mode .jp-Placeholder",
    "{ display: none !important; }",
    "html.hl-app-mode:not(.hl-app-ran) .jp-OutputArea { visibility: hidden; }",
    // the hidden bars above keep their room in Lumino's absolute layout: give it back to the notebook
    "html.hl-app-mode #main, html.hl-app-mode body { background: #ffffff !important; }",
    "html.hl-app-mode #main-panel { top: 0 !important; height: 100% !important; }",
    "html.hl-app-mode .jp-NotebookPanel { top: 0 !important; height: 100% !important; }",
    "html.hl-app-mode .jp-NotebookPanel > .jp-Notebook { top: 0 !important; height: 100% !important;",
    "  padding: 0 !important; background: #ffffff !important; }",
    "html.hl-app-mode .jp-WindowedPanel-outer { padding: 6px 8px 16px !important; background: #ffffff !important; }",
    "html.hl-app-mode .jp-WindowedPanel-viewport { box-shadow: none !important; padding: 0 !important;",
    "  border: 0 !important; max-width: none !important; }",
    "html.hl-app-mode .jp-Notebook.jp-mod-scrollPastEnd::after { display: none !important; }",
    "html.hl-app-mode .jp-Cell, html.hl-app-mode .jp-Notebook .jp-Cell.jp-mod-selected,",
    "html.hl-app-mode .jp-Notebook.jp-mod-commandMode .jp-Cell.jp-mod-selected { padding: 0 !important;",
    "  background: transparent !important; border: 0 !important; box-shadow: none !important; }",
    "html.hl-app-mode .jp-OutputArea-child, html.hl-app-mode .jp-OutputArea-output { padding: 0 !important;",
    "  margin: 0 !important; }",
  ].join("\n");
  // app mode: the note is a box in the middle of the empty screen, not a bar at its foot
  var BAR_CSS = appMode
    ? "position:fixed;top:38%;left:50%;transform:translate(-50%,-50%);z-index:10000;width:min(90vw,480px);" +
      "box-sizing:border-box;padding:20px 24px;border-radius:12px;font:18px/1.45 system-ui,-apple-system," +
      "'Segoe UI',Arial,sans-serif;text-align:center;box-shadow:0 4px 18px rgba(0,0,0,.25)"
    : "position:fixed;bottom:0;left:0;right:0;z-index:10000;padding:8px 14px;font:15px/1.4 system-ui,-apple-system," +
      "'Segoe UI',Arial,sans-serif;text-align:center;box-shadow:0 -2px 6px rgba(0,0,0,.25)";
  if (appMode) {
    document.documentElement.classList.add("hl-app-mode");
    var style = document.createElement("style");
    style.id = "hl-app-mode-style";
    style.textContent = APP_CSS;
    (document.head || document.documentElement).appendChild(style);
    WORDS = APP_WORDS;
  }

  var bar = document.createElement("div");
  bar.id = "hl-kernel-note";
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-live", "polite");
  bar.style.cssText = BAR_CSS;
  var COLOURS = {
    starting: ["#fff4ce", "#3b2f00"],
    restarting: ["#fff4ce", "#3b2f00"],
    opening: ["#fff4ce", "#3b2f00"],
    ready: ["#dff3e4", "#0b3d1a"],
    stopped: ["#fde8eb", "#6b0012"],
    failed: ["#fde8eb", "#6b0012"],
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
    if (appMode && next === "ready") {
      bar.hidden = true; // the app itself is the sign that it is ready
      record.states.push({ state: "hidden", at: Date.now() - record.started });
    } else if (next === "ready") {
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
    if (appMode && (status === "idle" || status === "busy")) {
      runApp(window.jupyterapp, status);
      return;
    }
    if (status === "idle" || status === "busy") show("ready");
    else if (status === "dead") show("stopped");
    else if (state === "ready" || state === "restarting") show("restarting");
    else if (state !== "restarting") show("starting");
  }

  // App mode: once the kernel is idle, clear what an earlier visit left and run every cell; then show the app.
  function runApp(jupyterapp, status) {
    var panel = jupyterapp.shell.currentWidget;
    if (!ran) {
      if (status !== "idle") return;
      ran = true;
      show("opening");
      jupyterapp.commands
        .execute("notebook:clear-all-cell-outputs")
        .then(function () {
          return jupyterapp.commands.execute("notebook:run-all-cells");
        })
        .catch(function (error) {
          record.error = String(error);
          show("failed");
        });
      return;
    }
    if (state !== "opening" || status !== "idle") return;
    var cells = panel.content.widgets.filter(function (c) {
      return c.model.type === "code";
    });
    var failed = cells.some(function (c) {
      return c.model.outputs.toJSON().some(function (o) {
        return o.output_type === "error";
      });
    });
    var done = cells.every(function (c) {
      return c.model.executionCount !== null;
    });
    if (failed) {
      document.documentElement.classList.add("hl-app-ran");
      show("failed");
    } else if (done) {
      document.documentElement.classList.add("hl-app-ran");
      if (panel.context && panel.context.model) panel.context.model.dirty = false; // nothing of the reader's to save
      show("ready");
    }
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
