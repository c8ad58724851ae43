// The AMD module "anywidget" for the static book: draws any anywidget (0.11) from its saved widget state.
//
// In JupyterLab, Voila and the live site the anywidget JupyterLab extension draws these widgets. The book's
// pages have no kernel and load widget modules through require.js (the ipywidgets HTML manager,
// embed-amd.js), which would fetch "anywidget" from a CDN. hearts-widgets.js maps the name "anywidget" to
// this file instead, so a page asks no other site for anything.
//
// What it does, following anywidget's front-end contract: the model's saved state holds the widget's
// ES module as text (`_esm`) and its stylesheet (`_css`). The view imports the module from a Blob URL,
// adds the CSS once per widget class (keyed by `_anywidget_id`), calls the module's `initialize({model})`
// once per model and `render({model, el})` once per view, and calls the cleanup functions they return
// when the view goes away. The `model` handed to the module reads and writes the saved state locally:
// `set` and `on("change:...")` work on the page (a click can redraw), while `save_changes` and `send` do
// nothing, because no Python is listening. Written for this book; not anywidget's own front end.
define(["@jupyter-widgets/base"], function (base) {
  "use strict";

  var VERSION = "0.11.0"; // the anywidget release whose protocol this follows (requirements.txt)
  var modules = new Map(); // ES module text -> Promise of its widget definition
  var initialized = new WeakMap(); // widget model -> Promise of initialize()'s cleanup

  // `_esm` is module text; anywidget also accepts a URL (then it is imported as it is).
  function isUrl(text) {
    return !/\n/.test(text) && /^(https?:\/\/|\.{0,2}\/)\S+$/.test(text.trim());
  }

  function importModule(esm) {
    if (isUrl(esm)) {
      return import(/* webpackIgnore: true */ esm.trim());
    }
    var url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
    return import(/* webpackIgnore: true */ url).finally(function () {
      URL.revokeObjectURL(url);
    });
  }

  // A module may export a widget object ({initialize, render}) or a function returning one as its
  // default export, or (older widgets) a named `render` function.
  function definition(esm) {
    if (!modules.has(esm)) {
      var loading = importModule(esm).then(async function (mod) {
        var widget = mod.default;
        if (typeof widget === "function") {
          widget = await widget();
        }
        if (!widget && typeof mod.render === "function") {
          widget = { render: mod.render };
        }
        if (!widget || (typeof widget.render !== "function" && typeof widget.initialize !== "function")) {
          throw new Error("anywidget: the widget's module exports neither render nor initialize");
        }
        return widget;
      });
      modules.set(esm, loading);
      loading.catch(function () {
        modules.delete(esm); // let a later view try again
      });
    }
    return modules.get(esm);
  }

  // One <style> per widget class: several views of one class share it.
  function addStyle(id, css) {
    if (!css) {
      return;
    }
    var key = "hl-anywidget-css-" + String(id || "anonymous").replace(/[^A-Za-z0-9_-]/g, "_");
    var style = document.getElementById(key);
    if (!style) {
      style = document.createElement("style");
      style.id = key;
      document.head.appendChild(style);
    }
    if (style.textContent !== css) {
      style.textContent = css;
    }
  }

  // What the widget's module sees as `model`. Listeners are registered with `owner` as their context so
  // that they can all be removed together when the view (or model) that added them goes away.
  function modelFor(model, owner) {
    return {
      get: function (name) {
        return model.get(name);
      },
      set: function (name, value) {
        model.set(name, value);
      },
      save_changes: function () {
        if (model.comm_live) {
          model.save_changes();
        }
      },
      send: function (content, callbacks, buffers) {
        if (model.comm !== undefined) {
          model.send(content, callbacks, buffers);
        }
      },
      on: function (event, callback) {
        model.on(event, callback, owner);
      },
      off: function (event, callback) {
        model.off(event || null, callback || null, owner);
      },
      widget_manager: model.widget_manager,
    };
  }

  var experimental = {
    invoke: function () {
      return Promise.reject(new Error("anywidget: no Python kernel runs behind a static page"));
    },
  };

  function asCleanup(value) {
    return typeof value === "function" ? value : function () {};
  }

  class AnyModel extends base.DOMWidgetModel {
    defaults() {
      return Object.assign({}, super.defaults(), {
        _model_name: "AnyModel",
        _model_module: "anywidget",
        _model_module_version: VERSION,
        _view_name: "AnyView",
        _view_module: "anywidget",
        _view_module_version: VERSION,
      });
    }

    // initialize() of the widget's module, once per model; resolves to its cleanup function.
    setUp(widget) {
      if (!initialized.has(this)) {
        var self = this;
        var owner = {};
        var done = Promise.resolve(
          widget.initialize ? widget.initialize({ model: modelFor(self, owner), experimental: experimental }) : null,
        ).then(function (cleanup) {
          var clean = asCleanup(cleanup);
          return function () {
            clean();
            self.off(null, null, owner);
          };
        });
        initialized.set(this, done);
        this.once("destroy", function () {
          done.then(function (clean) {
            clean();
          });
        });
      }
      return initialized.get(this);
    }
  }

  class AnyView extends base.DOMWidgetView {
    async render() {
      this.el.classList.add("jupyter-widgets", "hl-anywidget");
      this._cleanup = function () {};
      var model = this.model;
      addStyle(model.get("_anywidget_id"), model.get("_css"));
      this.listenTo(model, "change:_css", function () {
        addStyle(model.get("_anywidget_id"), model.get("_css"));
      });
      var widget = await definition(model.get("_esm") || "");
      await model.setUp(widget);
      if (typeof widget.render !== "function" || this._removed) {
        return;
      }
      var owner = {};
      var cleanup = await widget.render({ model: modelFor(model, owner), el: this.el, experimental: experimental });
      this._cleanup = function () {
        asCleanup(cleanup)();
        model.off(null, null, owner);
      };
      if (this._removed) {
        this._cleanup();
      }
    }

    remove() {
      this._removed = true;
      if (this._cleanup) {
        this._cleanup();
        this._cleanup = null;
      }
      return super.remove();
    }
  }

  return { AnyModel: AnyModel, AnyView: AnyView, version: VERSION };
});
