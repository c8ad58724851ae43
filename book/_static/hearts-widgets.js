// Loaded on lesson pages between require.js and the ipywidgets HTML manager (nb_ipywidgets_js in
// _config.yml). The manager's bundles (named AMD modules such as "@jupyter-widgets/controls" and
// "@jupyter-widgets/html-manager/dist/libembed-amd") load their icon fonts from the folder of their own
// module URL. Without this mapping require.js puts those URLs beside the page and every font request
// 404s; with it, they resolve to the manager's folder in _static. Keep the version in step with
// scripts/vendor_assets.py (tests/test_book.py checks it).
(function () {
  "use strict";
  var self = document.currentScript;
  if (!window.requirejs || !self) {
    return;
  }
  var manager = self.src.split("?")[0].replace(/[^/]*$/, "") + "hl-vendor/html-manager-1.0.6";
  window.requirejs.config({
    paths: {
      "@jupyter-widgets": manager,
      "@jupyter-widgets/html-manager/dist": manager,
    },
  });
})();
