"""ipywidgets controllers over the engine. Only this subpackage (and ``haggis.widgets``) imports ipywidgets.

Import a lesson's widgets from their module, e.g. ``from hearts_lessons.widgets.trick import TrickPlayground``.
"""
