"""Saving and opening a file from a widget, as a button: no counter, no link left on the page.

:class:`FileButtons` draws two buttons. *Save* asks Python for the text to save (``on_save``) and the browser
downloads it under :attr:`FileButtons.filename`; *Open* lets the reader pick a file, whose text goes to
``on_open`` (a refusal raised there is said by the caller's message line, and nothing is lost). Tests call
:meth:`FileButtons.open_text` and :meth:`FileButtons.save_text` instead of the front end.

>>> files = FileButtons(filename="game.json")
>>> files.on_save(lambda: '{"a": 1}')
>>> got = []
>>> files.on_open(got.append)
>>> files.open_text('{"b": 2}'); got
['{"b": 2}']
>>> files.save_text()
'{"a": 1}'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ..i18n import tr

__all__ = ["FileButtons"]

_ESM = """
function render({ model, el }) {
  el.classList.add("hl-files");
  const save = document.createElement("button");
  save.type = "button";
  save.className = "hl-files-button";
  const open = document.createElement("button");
  open.type = "button";
  open.className = "hl-files-button";
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const draw = () => {
    save.textContent = model.get("save_label");
    open.textContent = model.get("open_label");
    input.accept = model.get("accept");
  };
  draw();
  model.on("change:save_label", draw);
  model.on("change:open_label", draw);
  save.addEventListener("click", () => model.send({ event: "save" }));
  open.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      model.send({ event: "open", name: file.name, text: String(reader.result) });
      input.value = "";
    };
    reader.readAsText(file);
  });
  model.on("msg:custom", (content) => {
    if (!content || content.event !== "download") return;
    const blob = new Blob([content.text], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = content.name;
    document.body.appendChild(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  });
  el.append(save, open, input);
}
export default { render };
"""

_CSS = """
.hl-files { display: inline-flex; gap: 6px; flex-wrap: wrap; }
.hl-files-button {
  font: 14px/1.2 system-ui, -apple-system, "Segoe UI", Arial, sans-serif; padding: 7px 12px; border-radius: 6px;
  border: 1px solid #8a8f98; background: #fff; color: #1d2330; cursor: pointer; min-height: 36px;
}
.hl-files-button:hover { background: #eef2f7; }
.hl-files-button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
"""


class FileButtons(anywidget.AnyWidget):
    """A *Save* button (the browser downloads what ``on_save`` returns) and an *Open* button (a picked file's
    text goes to ``on_open``)."""

    _esm = _ESM
    _css = _CSS

    save_label = traitlets.Unicode("Save game").tag(sync=True)
    open_label = traitlets.Unicode("Open a saved game").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    filename = traitlets.Unicode("saved.json")

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("save_label", tr("Save game"))  # the buttons' words in the book's language now
        kwargs.setdefault("open_label", tr("Open a saved game"))
        super().__init__(**kwargs)
        self._save: Callable[[], str] | None = None
        self._open: list[Callable[[str], None]] = []
        self.on_msg(self._on_front_end)

    def on_save(self, callback: Callable[[], str]) -> None:
        """``callback()`` returns the text to save when *Save* is pressed."""
        self._save = callback

    def on_open(self, callback: Callable[[str], None]) -> None:
        """``callback(text)`` gets the text of the file the reader opened."""
        self._open.append(callback)

    def save_text(self) -> str:
        """What *Save* downloads now (and send it to the browser)."""
        if self._save is None:
            raise RuntimeError("FileButtons has nothing to save: call on_save first")
        text = self._save()
        self.send({"event": "download", "name": self.filename, "text": text})
        return text

    def open_text(self, text: str) -> None:
        """Open ``text`` as if the reader had picked a file holding it."""
        for callback in list(self._open):
            callback(text)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "save":
            self.save_text()
        elif content.get("event") == "open" and isinstance(content.get("text"), str):
            self.open_text(content["text"])
