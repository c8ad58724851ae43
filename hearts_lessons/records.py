"""The envelope shared by every saved record (Hearts hands and games, Haggis hands and games).

A record is JSON: ``{"format": "hearts-lessons", "kind": ..., "version": 1, ...payload}``. Loading checks the
envelope here; each game's module then replays the actions and verifies them.

>>> text = dump_record("demo", {"seed": 3})
>>> load_record(text, "demo")["seed"]
3
>>> load_record('{"format": "other"}', "demo")
Traceback (most recent call last):
...
hearts_lessons.errors.RecordError: this is not a hearts-lessons record (format is 'other')
"""

from __future__ import annotations

import json
from typing import Any

from .errors import RecordError
from .i18n import tr

__all__ = ["FORMAT", "VERSION", "dump_record", "load_record", "require"]

FORMAT = "hearts-lessons"
VERSION = 1


def dump_record(kind: str, payload: dict[str, Any]) -> str:
    """Serialise a payload under the shared envelope."""
    return json.dumps({"format": FORMAT, "kind": kind, "version": VERSION, **payload}, ensure_ascii=False)


def load_record(text: str | bytes, kind: str) -> dict[str, Any]:
    """Parse and check the envelope; raise :class:`RecordError` saying what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(tr("the file is not valid JSON ({error})", error=exc)) from None
    if not isinstance(data, dict):
        raise RecordError(tr("the record must be a JSON object"))
    if data.get("format") != FORMAT:
        raise RecordError(tr("this is not a hearts-lessons record (format is {found})", found=repr(data.get("format"))))
    if data.get("kind") != kind:
        raise RecordError(tr("this record holds a {found}, not a {kind}", found=repr(data.get("kind")),
                             kind=repr(kind)))
    if data.get("version") != VERSION:
        raise RecordError(tr("unsupported record version {found} (this engine reads {version})",
                              found=repr(data.get("version")), version=VERSION))
    return data


def require(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    """Fetch ``data[key]`` checking its JSON type; raise :class:`RecordError` naming the field if wrong."""
    if key not in data:
        raise RecordError(f"the {where} has no {key!r} field")
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise RecordError(f"the {where}'s {key!r} field has the wrong type")
    if not isinstance(value, kind):
        raise RecordError(f"the {where}'s {key!r} field has the wrong type ({type(value).__name__})")
    return value
