"""scripts/i18n_build.py: the Japanese edition's sources, written from the English and the catalogues.

The tests write the tree from the real English sources with a catalogue folder of their own (``i18n_dir`` points
to a temporary copy), so that they do not depend on how far the translation has come.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import i18n_build  # noqa: E402  (scripts/i18n_build.py)

import i18n as catalogues  # noqa: E402  (scripts/i18n.py)


def translate_everything(folder: Path) -> int:
    """Fill every entry of every catalogue under ``folder`` with a stand-in "translation" (the English marked ⟦…⟧
    where that keeps the markup); return how many entries were filled."""
    count = 0
    for path in sorted(folder.rglob("*.po")):
        catalog = catalogues.load(path, "ja")
        for message in catalog:
            if not message.id:
                continue
            english = message.id if isinstance(message.id, str) else message.id[0]
            message.string = f"訳:{english}"
            message.flags.discard("fuzzy")
            count += 1
        catalogues.save(catalog, path)
    return count


@pytest.fixture
def catalogue_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of i18n/ja whose every entry is translated, used by i18n_build instead of the real one."""
    folder = tmp_path / "i18n-ja"
    shutil.copytree(ROOT / "i18n" / "ja", folder)
    assert translate_everything(folder) > 0
    monkeypatch.setattr(i18n_build, "i18n_dir", lambda lang: folder)
    return folder


def test_a_complete_catalogue_writes_the_whole_tree(tmp_path: Path, catalogue_dir: Path) -> None:
    out = tmp_path / "ja-src"
    assert i18n_build.write_tree(out) == []
    config = yaml.safe_load((out / "_config.yml").read_text(encoding="utf-8"))
    assert config["sphinx"]["config"]["language"] == "ja"
    assert config["sphinx"]["config"]["hl_edition"] == "ja"
    assert config["sphinx"]["config"]["hl_live_manifest"] == "../lite-ja/site/lessons.json"
    assert config["title"] == "訳:Hearts Lessons"
    assert config["html"]["extra_footer"].startswith("訳:<p>")
    # everything else is the English configuration
    english = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["execute"] == english["execute"]
    assert config["sphinx"]["local_extensions"] == english["sphinx"]["local_extensions"]
    for name in ("_ext", "_static", "_templates"):
        assert sorted(p.name for p in (out / "book" / name).iterdir() if p.name != "__pycache__") == sorted(
            p.name for p in (ROOT / "book" / name).iterdir() if p.name != "__pycache__")

    toc = yaml.safe_load((out / "_toc.yml").read_text(encoding="utf-8"))
    english_toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    assert toc["root"] == english_toc["root"]
    assert [p["caption"] for p in toc["parts"]] == [f"訳:{p['caption']}" for p in english_toc["parts"]]
    assert [[c["file"] for c in p["chapters"]] for p in toc["parts"]] == [
        [c["file"] for c in p["chapters"]] for p in english_toc["parts"]]
    titled = [c for p in toc["parts"] for c in p["chapters"] if "title" in c]
    assert titled and all(c["title"].startswith("訳:") for c in titled)


def test_pages_are_rebuilt_block_by_block(tmp_path: Path, catalogue_dir: Path) -> None:
    out = tmp_path / "ja-src"
    i18n_build.write_tree(out)
    for page in catalogues.pages():
        text = (out / "book" / page.name).read_text(encoding="utf-8")
        # every block in order, blank-line separated: the words translated, the rest (code, labels, front matter)
        # copied as they are
        at = 0
        for block, words in catalogues.page_blocks(page.read_text(encoding="utf-8")):
            expected = f"訳:{block}" if words else block
            assert text.startswith(expected, at), (page.name, block[:60])
            at += len(expected) + 2
        assert at == len(text) + 1


def test_notebooks_get_translated_prose_the_same_code_and_a_hidden_language_cell(tmp_path: Path,
                                                                                 catalogue_dir: Path) -> None:
    out = tmp_path / "ja-src"
    i18n_build.write_tree(out)
    for path in catalogues.notebooks():
        english = nbformat.read(path, as_version=4)
        ours = nbformat.read(out / path.parent.name / path.name, as_version=4)
        nbformat.validate(ours)
        first, rest = ours.cells[0], ours.cells[1:]
        assert first.cell_type == "code" and first.metadata["tags"] == ["remove-cell"]
        assert first.source == 'from hearts_lessons.i18n import set_language\nset_language("ja")'
        assert [c.id for c in rest] == [c.id for c in english.cells]
        for mine, theirs in zip(rest, english.cells, strict=True):
            if mine.cell_type == "code" or not theirs.source.strip():
                assert mine == theirs  # code cells (and their metadata) copied unchanged
            else:
                assert mine.source == f"訳:{theirs.source}"
                assert mine.metadata == theirs.metadata


def test_strict_build_names_every_missing_and_fuzzy_entry(tmp_path: Path, catalogue_dir: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    po = catalogue_dir / "notebooks" / "01_tricks.po"
    catalog = catalogues.load(po, "ja")
    entries = [m for m in catalog if m.id]
    entries[0].string = ""
    entries[1].flags.add("fuzzy")
    catalogues.save(catalog, po)
    out = tmp_path / "ja-src"
    assert i18n_build.main(["--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"01_tricks.po [{entries[0].context}]: untranslated" in err
    assert f"01_tricks.po [{entries[1].context}]: out of date (fuzzy)" in err
    assert "FAILED: 2 entries" in err


def test_allow_missing_keeps_the_english_and_says_so(tmp_path: Path, catalogue_dir: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    po = catalogue_dir / "pages" / "welcome.po"
    catalog = catalogues.load(po, "ja")
    entry = next(m for m in catalog if m.id)
    entry.string = ""
    catalogues.save(catalog, po)
    out = tmp_path / "ja-src"
    assert i18n_build.main(["--out", str(out), "--allow-missing"]) == 0
    err = capsys.readouterr().err
    assert "WARNING: 1 entries" in err and "IN ENGLISH" in err
    page = (out / "book" / "welcome.md").read_text(encoding="utf-8")
    assert f"{entry.id}\n" in page and f"訳:{entry.id}" not in page
    listed = (out / i18n_build.MISSING_LIST).read_text(encoding="utf-8").splitlines()
    assert len(listed) == 1 and "welcome.po: untranslated" in listed[0]
    assert i18n_build.main(["--out", str(out)]) == 1 and not (out / i18n_build.MISSING_LIST).exists()


def test_the_tree_is_written_anew(tmp_path: Path, catalogue_dir: Path) -> None:
    out = tmp_path / "ja-src"
    (out / "notebooks").mkdir(parents=True)
    (out / "notebooks" / "stale.ipynb").write_text("{}", encoding="utf-8")
    i18n_build.write_tree(out)
    assert not (out / "notebooks" / "stale.ipynb").exists()


def test_a_notebook_with_the_language_cells_id_is_refused() -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1", id=i18n_build.LANGUAGE_CELL_ID)])
    with pytest.raises(ValueError, match="hl-set-language"):
        i18n_build.translate_notebook(nb, i18n_build.Translator(Path("none.po")))
