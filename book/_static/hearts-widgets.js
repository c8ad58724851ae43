// Loaded on lesson pages between require.js and the ipywidgets HTML manager (nb_ipywidgets_js in
// _config.yml). It tells require.js where the widget modules live on this site, so that none is fetched
// from a CDN:
// - The manager's bundles (named AMD modules such as "@jupyter-widgets/controls" and
//   "@jupyter-widgets/html-manager/dist/libembed-amd") load their icon fonts from the folder of their own
//   module URL. Without this mapping require.js puts those URLs beside the page and every font request
//   404s; with it, they resolve to the manager's folder in _static. Keep the version in step with
//   scripts/vendor_assets.py (tests/test_book.py checks it).
// - "anywidget": custom widgets (the card table) are anywidgets; the manager loads their front end by
//   that module name, which is the book's own small AMD module hl-amd/anywidget.js (it draws the widget
//   from the ES module and CSS in its saved state).
// It also gives ipywidgets' sliders their names (below).

// hl-slider-names: begin (one block in book/_static/hearts-widgets.js and app/voila/templates/hearts/index.html.j2;
// tests/test_book.py checks they agree)
// ipywidgets 8 draws a slider's thumb (role="slider") with no name, so a screen reader says only "slider"
// (WCAG 4.1.2; axe: aria-input-field-name). Name each thumb by its slider's description label as sliders are
// drawn, or "slider" when it has none.
(function () {
  "use strict";
  var count = 0;
  function nameSliders() {
    var thumbs = document.querySelectorAll(".widget-slider [role='slider'], .jupyter-widget-slider [role='slider']");
    Array.prototype.forEach.call(thumbs, function (thumb) {
      if (thumb.hasAttribute("aria-label") || thumb.hasAttribute("aria-labelledby")) {
        return;
      }
      var slider = thumb.closest(".widget-slider, .jupyter-widget-slider");
      var label = slider && slider.querySelector(".widget-label");
      if (label && label.textContent.trim()) {
        label.id = label.id || "hl-slider-label-" + ++count;
        thumb.setAttribute("aria-labelledby", label.id);
      } else {
        thumb.setAttribute("aria-label", "slider");
      }
    });
  }
  new MutationObserver(nameSliders).observe(document.documentElement, { childList: true, subtree: true });
})();
// hl-slider-names: end

(function () {
  "use strict";
  var self = document.currentScript;
  if (!window.requirejs || !self) {
    return;
  }
  var base = self.src.split("?")[0].replace(/[^/]*$/, "");
  var manager = base + "hl-vendor/html-manager-1.0.6";
  window.requirejs.config({
    paths: {
      "@jupyter-widgets": manager,
      "@jupyter-widgets/html-manager/dist": manager,
      anywidget: base + "hl-amd/anywidget",
    },
  });
})();
