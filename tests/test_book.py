"""The book's configuration, table of contents, prose pages and (once built) its HTML.

The source checks always run. The checks marked ``built_book`` read ``_build/html``: they skip when no
build exists, except in CI or under ``scripts/test.sh`` (``HL_REQUIRE_BUILD=1``), which build first.
Browser checks (widgets rendering, the printed rules sheet) are in ``tests/e2e/``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SITE = ROOT / "_build" / "html"
LESSONS = ("notebooks/01_tricks", "notebooks/02_a_hand")
SEED_FILES = {
    "000": "000_054fa0c559059fe4.txt",
    "001": "001_d4e5111b3122471a.txt",
    "002": "002_01de176b917b05ba.txt",
    "003": "003_f6267983a4d4ba7d.txt",
}
# Phrases every printed rules sheet must contain (RULES.md section 1), as they appear in the HTML text.
KEY_RULES = (
    "52",
    "13 each",
    "3 cards",
    "left, right, across, hold",
    "2♣",
    "Follow suit",
    "discard",
    "highest card of the suit led",
    "no trumps",
    "First trick",
    "Breaking hearts",
    "only penalty cards",
    "1 point",
    "Q♠",
    "13",
    "26",
    "Shooting the moon",
    "100",
    "lowest total wins",
    "share the win",
)


def load_script(name: str) -> ModuleType:
    """Import ``scripts/<name>.py`` (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"hl_script_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def config() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def toc() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return data


def toc_files(toc: dict[str, Any]) -> list[str]:
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files.extend(chapter["file"] for chapter in part.get("chapters", []))
    return files


# _config.yml ---------------------------------------------------------------------------------------------


def test_config_book_settings(config: dict[str, Any]) -> None:
    assert config["title"] == "Hearts Lessons"
    assert config["author"]
    assert config["copyright"] == "2026"
    assert config["only_build_toc_files"] is True
    for pattern in (".venv/*", "_build/*", "node_modules/*"):
        assert pattern in config["exclude_patterns"]


def test_config_every_lesson_runs_at_build_and_errors_fail_it(config: dict[str, Any]) -> None:
    execute = config["execute"]
    assert execute["execute_notebooks"] == "force"
    assert execute["raise_on_error"] is True
    assert execute.get("allow_errors", False) is False
    assert execute["timeout"] == 120


def test_config_no_external_services(config: dict[str, Any]) -> None:
    launch = config.get("launch_buttons", {})
    for key in ("binderhub_url", "jupyterhub_url", "colab_url", "deepnote_url"):
        assert not launch.get(key), f"launch button {key} points to an external service"
    assert not launch.get("thebe")
    sphinx = config["sphinx"]["config"]
    assert "sphinx.ext.intersphinx" not in sphinx["extensions"]
    assert "sphinx_thebe" not in sphinx["extensions"]
    assert not sphinx.get("intersphinx_mapping")
    html = config.get("html", {})
    assert not html.get("analytics", {}).get("google_analytics_id")
    assert not any(html.get("comments", {}).values())


def test_config_widgets_and_math_come_from_the_site(config: dict[str, Any]) -> None:
    sphinx = config["sphinx"]["config"]
    vendor = load_script("vendor_assets")
    folders = {asset.name: f"hl-vendor/{asset.folder}" for asset in vendor.ASSETS}
    scripts = list(sphinx["nb_ipywidgets_js"])
    assert scripts == [
        f"{folders['requirejs']}/require.js",
        "hearts-widgets.js",
        f"{folders['@jupyter-widgets/html-manager']}/embed-amd.js",
    ]
    for src, attributes in sphinx["nb_ipywidgets_js"].items():
        assert "://" not in src
        assert all("://" not in str(value) for value in attributes.values())
    assert sphinx["mathjax_path"] == f"{folders['mathjax']}/tex-mml-chtml.js"
    # ipywidgets 8 needs the 1.x HTML manager.
    manager = next(a for a in vendor.ASSETS if a.name == "@jupyter-widgets/html-manager")
    assert manager.version.startswith("1.")
    # The font mapping script names the same manager folder.
    js = (BOOK / "_static" / "hearts-widgets.js").read_text(encoding="utf-8")
    assert f'"{folders["@jupyter-widgets/html-manager"]}"' in js


def test_static_pages_draw_anywidgets_with_the_sites_own_module() -> None:
    """Custom widgets (anywidget) on static pages: require.js finds the module "anywidget" in the site (the
    mapping script), never on a CDN; the module follows the pinned anywidget's protocol."""
    js = (BOOK / "_static" / "hearts-widgets.js").read_text(encoding="utf-8")
    assert 'anywidget: base + "hl-amd/anywidget"' in js
    check_site = load_script("check_site")
    shim = BOOK / check_site.ANYWIDGET_MODULE
    source = shim.read_text(encoding="utf-8")
    assert source.lstrip().startswith("//") and 'define(["@jupyter-widgets/base"]' in source
    for name in ("AnyModel", "AnyView", "_esm", "_css", "render", "initialize"):
        assert name in source
    assert not re.search(r"https?://", source), "the static anywidget module names another site"
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / "requirements.txt").read_text(), flags=re.M))
    assert f'var VERSION = "{pins["anywidget"]}"' in source


def test_check_site_wants_the_anywidget_module_where_a_page_has_one(tmp_path: Path) -> None:
    check_site = load_script("check_site")
    (tmp_path / "_static").mkdir()
    state = '<script type="application/vnd.jupyter.widget-state+json">{"state": {"m": {"model_module": "anywidget"}}}'
    scripts = "".join(
        f'<script src="_static/{src}"></script>'
        for src in ("hl-vendor/requirejs-2.3.4/require.js", "hl-vendor/html-manager-1.0.6/embed-amd.js")
    )
    (tmp_path / "index.html").write_text(f"<html><head>{scripts}{state}</script></head></html>")
    _, problems = check_site.check_site(tmp_path)
    assert any("hearts-widgets.js" in p for p in problems) and any("hl-amd/anywidget.js" in p for p in problems)


def marked_block(text: str, name: str) -> str:
    start = text.index(f"{name}: begin")
    return text[start : text.index(f"{name}: end", start)]


def test_the_app_repairs_widgets_as_the_book_does() -> None:
    """Widget contrast and slider names: the Voilà template carries the book's blocks unchanged."""
    template = (ROOT / "app" / "voila" / "templates" / "hearts" / "index.html.j2").read_text(encoding="utf-8")
    for source, name in (("hearts.css", "hl-widget-contrast"), ("hearts-widgets.js", "hl-slider-names")):
        block = marked_block((BOOK / "_static" / source).read_text(encoding="utf-8"), name)
        assert marked_block(template, name) == block, f"{name} differs between book/_static/{source} and the app"


def test_theme_templates_are_repaired_versions_of_the_themes(config: dict[str, Any]) -> None:
    """book/_templates overrides the theme's search field and colour switch: same markup, a11y repaired."""
    sphinx = config["sphinx"]["config"]
    assert sphinx["templates_path"] == ["book/_templates"]
    assert "page_a11y" in sphinx["extensions"]
    search = (BOOK / "_templates" / "search-button-field.html").read_text(encoding="utf-8")
    assert "search-button__button" in search and "aria-label" not in search.split("-#}")[1]
    switch = (BOOK / "_templates" / "theme-switcher.html").read_text(encoding="utf-8")
    assert switch.count('aria-hidden="true"') == 3 and ' title="' not in switch and "theme-switch-button" in switch


def test_static_paths_avoid_the_root_static_trap(config: dict[str, Any]) -> None:
    """Jupyter Book adds every *.js under the static paths to every page once a root _static/ exists."""
    paths = config["sphinx"]["config"]["html_static_path"]
    assert "_static" not in paths
    assert "_vendor" in paths
    assert not (ROOT / "_static").exists(), "a root _static/ folder makes every vendored script load on every page"
    assert (BOOK / "_static" / "hearts.css").is_file()
    assert "hearts.css" in config["sphinx"]["config"]["html_css_files"]


def test_vendored_assets_are_pinned_by_hash() -> None:
    vendor = load_script("vendor_assets")
    for asset in vendor.ASSETS:
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", asset.integrity), asset.spec
        assert not any(pattern.endswith(".map") for pattern in asset.keep)


# _toc.yml ------------------------------------------------------------------------------------------------


def test_toc_structure(toc: dict[str, Any]) -> None:
    assert toc["format"] == "jb-book"
    assert toc["root"] == "book/welcome"
    parts = {part["caption"]: [c["file"] for c in part["chapters"]] for part in toc["parts"]}
    required = ["Start here", "For teachers", "Reference"]
    assert [caption for caption in parts if caption in required] == required  # more parts may come
    assert parts["Start here"][:3] == ["book/how_to_use", *LESSONS]
    assert parts["For teachers"] == ["book/teachers", "book/rules_sheet", "notebooks/45_puzzle_sheet"]
    assert parts["Reference"] == ["book/glossary", "book/references"]


def test_toc_files_exist(toc: dict[str, Any]) -> None:
    toc_path = Path(os.environ.get("HL_TOC", ROOT / "_toc.yml"))
    active = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    missing = [f for f in toc_files(active) if not any((ROOT / f).with_suffix(s).exists() for s in (".md", ".ipynb"))]
    assert not missing, f"{toc_path.name} lists files that do not exist: {missing}"


# Prose pages ---------------------------------------------------------------------------------------------


def seeds_dir() -> Path | None:
    for candidate in (os.environ.get("HL_SEEDS"), ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds"):
        if candidate and (Path(candidate) / SEED_FILES["000"]).is_file():
            return Path(candidate)
    return None


def glossary_terms() -> list[tuple[str, str, list[str]]]:
    """(English, Japanese term, seed ids) for every Japanese term of every glossary table row."""
    terms = []
    for line in (BOOK / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        # Rows of the term tables; not their headers, nor the legend of seed files (first cell "000").
        if len(cells) != 3 or cells[0] in {"English", "Seed"} or set(cells[0]) <= {"-"}:
            continue
        if re.fullmatch(r"\d{3}", cells[0]):
            continue
        english, japanese, _meaning = cells
        for entry in japanese.split(";"):
            match = re.fullmatch(r"(.+?) \(((?:\d{3}, )*\d{3}|common)\)", entry.strip())
            assert match, f"glossary: cannot read {entry!r} (write: term (000, 002), or term (common))"
            terms.append((english, match.group(1), match.group(2).split(", ")))
    return terms


def test_glossary_covers_the_basic_terms() -> None:
    english = {term[0] for term in glossary_terms()}
    for needed in (
        "trick",
        "lead (to)",
        "follow suit",
        "discard",
        "void (in a suit)",
        "pass",
        "hold (no pass)",
        "breaking hearts",
        "penalty card",
        "shooting the moon",
        "slam",
        "Black Lady",
        "queen of spades, Q♠",
        "kitty",
    ):
        assert needed in english, f"the glossary has no row for {needed!r}"


def test_glossary_japanese_terms_are_written_as_in_the_seeds() -> None:
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seed documents (../shared/seeds) are not beside the repository")
    texts = {sid: (seeds / name).read_text(encoding="utf-8") for sid, name in SEED_FILES.items()}
    wrong = [
        f"{japanese} ({sid}) for {english!r}"
        for english, japanese, sids in glossary_terms()
        for sid in sids
        if sid != "common" and japanese not in texts[sid]
    ]
    assert not wrong, "glossary terms not found verbatim in the cited seed:\n" + "\n".join(wrong)


def test_references_cite_every_seed_and_the_required_sources() -> None:
    text = (BOOK / "references.md").read_text(encoding="utf-8")
    for name in SEED_FILES.values():
        assert f"seeds/{name}" in text
    for needed in ("pagat.com", "wikipedia.org/wiki/Hearts_(card_game)", "Hoyle", "1887"):
        assert needed in text


def test_welcome_offers_the_three_ways_to_use_the_book() -> None:
    text = (BOOK / "welcome.md").read_text(encoding="utf-8")
    assert "bash scripts/lab.sh" in text
    assert "do not compute" in text
    assert "in the browser" in text


def test_rules_sheet_source_states_every_key_rule() -> None:
    text = re.sub(r"\*+", "", (BOOK / "rules_sheet.md").read_text(encoding="utf-8"))
    text = re.sub(r"\s+", " ", text)
    missing = [rule for rule in KEY_RULES if rule not in text]
    assert not missing, f"book/rules_sheet.md does not state: {missing}"


def test_print_stylesheet_hides_the_site_and_fits_the_sheet() -> None:
    css = (BOOK / "_static" / "hearts.css").read_text(encoding="utf-8")
    assert "@media print" in css
    for selector in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".hl-rules-sheet"):
        assert selector in css
    assert "column-count: 2" in css


# The built book ------------------------------------------------------------------------------------------


def require_build(page: str) -> Path:
    path = SITE / page
    if path.exists():
        return path
    message = f"no built book ({path} is missing): run `bash scripts/build.sh`"
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"} or os.environ.get("HL_REQUIRE_BUILD") == "1":
        pytest.fail(message)
    pytest.skip(message)


def html_text(html: str) -> str:
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    for entity, char in (("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&#8217;", "’"), ("&quot;", '"')):
        text = text.replace(entity, char)
    return re.sub(r"\s+", " ", text)


@pytest.mark.built_book
def test_built_rules_sheet_states_every_key_rule_and_links_the_print_css() -> None:
    html = require_build("book/rules_sheet.html").read_text(encoding="utf-8")
    text = html_text(html)
    missing = [rule for rule in KEY_RULES if rule not in text]
    assert not missing, f"the built rules sheet does not state: {missing}"
    assert re.search(r'<link[^>]+href="\.\./_static/hearts\.css', html), "hearts.css is not linked"
    assert 'class="hl-rules-sheet' in html
    assert "@media print" in (SITE / "_static" / "hearts.css").read_text(encoding="utf-8")


@pytest.mark.built_book
def test_built_site_loads_nothing_from_outside() -> None:
    require_build("index.html")
    count, problems = load_script("check_site").check_site(SITE)
    assert count > 0
    assert not problems, "\n".join(problems)


@pytest.mark.built_book
def test_built_pages_have_the_copyright_and_no_launch_buttons() -> None:
    html = require_build("book/welcome.html").read_text(encoding="utf-8")
    assert "2026" in html
    for service in ("mybinder", "colab.research", "deepnote", "thebe-launch-button"):
        assert service not in html
