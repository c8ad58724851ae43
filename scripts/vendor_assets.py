#!/usr/bin/env python3
"""Fetch the browser assets the static book needs, so that no page loads anything from a CDN.

By default Jupyter Book pages load require.js, the ipywidgets HTML manager and MathJax from public CDNs;
without them a page's widgets stay empty. This script takes the same files from the npm registry
(`npm pack`, the ordinary client), checks each tarball against the sha512 pinned below, and copies only the
files a page uses into ``_vendor/hl-vendor/<name>-<version>/``. ``_config.yml`` lists ``_vendor`` in
``html_static_path``, so the build copies them to ``_build/html/_static/hl-vendor/`` and ``nb_ipywidgets_js``
and ``mathjax_path`` point there.

The browser tests' own tools (``TEST_ASSETS``: axe-core, the accessibility checker that tests/e2e/test_axe.py
injects into pages) come the same way, pinned the same way, but go to ``.cache/test-assets/``: they are never
part of the site.

Idempotent and quick: tarballs are cached in ``.cache/npm/`` and an asset is re-extracted only when its
pin changes. ``_vendor/`` and ``.cache/`` each hold a ``.gitignore`` of ``*``, so git never sees them.

Usage: ``python scripts/vendor_assets.py [--check]`` (``--check``: exit 1 if an asset is missing, fetch
nothing).
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "npm"
VENDOR = ROOT / "_vendor"
OUT = VENDOR / "hl-vendor"
TEST_OUT = ROOT / ".cache" / "test-assets"
MARKER = ".complete"


@dataclass(frozen=True)
class Asset:
    """One npm package and the files of it that the pages load."""

    name: str  # npm package name
    version: str
    integrity: str  # the registry's dist.integrity (sha512), pinned
    keep: tuple[str, ...]  # globs, relative to the package root
    strip: str  # leading folder removed from the kept paths ("" for none)

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def folder(self) -> str:
        return f"{self.name.rsplit('/', 1)[-1]}-{self.version}"

    @property
    def tarball(self) -> str:
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


ASSETS: tuple[Asset, ...] = (
    # AMD loader that embed-amd.js needs (the CDN default is require.js 2.3.4 too).
    Asset(
        name="requirejs",
        version="2.3.4",
        integrity="sha512-qPD5gRrj6kGQ0ZySAJgqbArkaDqPMbQIT0zSZDkIv1mfA17w/tR2Faq5l2qqRf2CdQx6FWln9nUrgd2UDzb19A==",
        keep=("require.js",),  # MIT licence header inside
        strip="",
    ),
    # Renders saved ipywidgets 8 state on static pages. embed-amd.js bundles the base and controls
    # widgets and loads its icon fonts (the hashed files) from its own folder; the .map files (11 MB),
    # embed.js and libembed-amd.js are other entry points that pages never load.
    Asset(
        name="@jupyter-widgets/html-manager",
        version="1.0.6",
        integrity="sha512-+Mn+Ra8wyIHrYaUpfmf9A3dsLkt/NuwzPQN8sthdxBD35VV5cOJbpmgMhNR27n/rmP3mKyEe0PWCJrtZrXTXDQ==",
        keep=(
            "LICENSE",
            "dist/embed-amd.js",
            "dist/*.woff",
            "dist/*.woff2",
            "dist/*.ttf",
            "dist/*.eot",
            "dist/*.svg",
        ),
        strip="dist/",
    ),
    # Math on pages with $...$ (Sphinx's default is tex-mml-chtml.js from a CDN). The component loads
    # its fonts and optional extensions relative to itself, so keep the whole es5 tree except the
    # speech-rule engine and the SVG output, which the CHTML page never requests.
    Asset(
        name="mathjax",
        version="3.2.2",
        integrity="sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
        keep=(
            "LICENSE",
            "es5/tex-mml-chtml.js",
            "es5/input/*",
            "es5/output/chtml/*",
            "es5/ui/*",
            "es5/a11y/*",
            "es5/adaptors/*",
        ),
        strip="es5/",
    ),
)


# Tools of the browser tests, not of the site (extracted into TEST_OUT).
TEST_ASSETS: tuple[Asset, ...] = (
    # Accessibility rules (WCAG 2.1 A/AA) run inside the page by tests/e2e/test_axe.py. MPL-2.0.
    Asset(
        name="axe-core",
        version="4.14.1",
        integrity="sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
        keep=("LICENSE", "axe.min.js"),
        strip="",
    ),
)


def log(message: str) -> None:
    print(f"vendor_assets: {message}", flush=True)


def sri(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def self_ignoring(folder: Path) -> None:
    """Create ``folder`` with a ``.gitignore`` that ignores everything in it (itself included)."""
    folder.mkdir(parents=True, exist_ok=True)
    ignore = folder / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# generated by scripts/vendor_assets.py\n*\n")


def fetch(asset: Asset) -> Path:
    """Return the verified tarball of ``asset``, running ``npm pack`` only if it is not cached."""
    tarball = CACHE / asset.tarball
    if tarball.exists() and sri(tarball) == asset.integrity:
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("vendor_assets: npm is not on PATH (install Node.js and npm, e.g. apt-get install npm)")
    self_ignoring(CACHE.parent)
    CACHE.mkdir(parents=True, exist_ok=True)
    log(f"npm pack {asset.spec}")
    proc = subprocess.run(
        [npm, "pack", asset.spec, "--json", "--pack-destination", str(CACHE)],
        cwd=CACHE,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        sys.exit(f"vendor_assets: npm pack {asset.spec} failed (exit {proc.returncode})")
    # npm prints warnings before the JSON on some setups; the JSON is the last top-level array.
    filename = json.loads(proc.stdout[proc.stdout.index("[") :])[0]["filename"]
    packed = CACHE / filename
    if packed != tarball:
        packed.replace(tarball)
    got = sri(tarball)
    if got != asset.integrity:
        tarball.unlink()
        sys.exit(f"vendor_assets: {asset.spec}: integrity {got} does not match the pin {asset.integrity}")
    return tarball


def wanted(asset: Asset, member: str) -> bool:
    rel = member.removeprefix("package/")
    return not rel.endswith(".map") and any(fnmatch.fnmatchcase(rel, pattern) for pattern in asset.keep)


def extract(asset: Asset, tarball: Path, out: Path = OUT) -> int:
    """Extract the kept files of ``asset`` into its folder (atomically replaced). Return the byte count."""
    target = out / asset.folder
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out) as tmp:
        staging = Path(tmp) / asset.folder
        total = 0
        with tarfile.open(tarball) as tar:
            for member in tar.getmembers():
                if not member.isfile() or not wanted(asset, member.name):
                    continue
                rel = member.name.removeprefix("package/")
                rel = rel.removeprefix(asset.strip)
                dest = staging / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(member)
                assert source is not None
                dest.write_bytes(source.read())
                total += member.size
        for pattern in asset.keep:
            if "*" not in pattern and not (staging / pattern.removeprefix(asset.strip)).exists():
                sys.exit(f"vendor_assets: {asset.spec} has no {pattern}")
        (staging / MARKER).write_text(asset.integrity + "\n")
        if target.exists():
            shutil.rmtree(target)
        staging.replace(target)
    return total


def up_to_date(asset: Asset, out: Path = OUT) -> bool:
    marker = out / asset.folder / MARKER
    return marker.exists() and marker.read_text().strip() == asset.integrity


def tool_folder(name: str) -> Path:
    """The folder of the test tool ``name`` (e.g. ``"axe-core"``), fetched and extracted if needed."""
    asset = next(a for a in TEST_ASSETS if a.name == name)
    if not up_to_date(asset, TEST_OUT):
        self_ignoring(TEST_OUT.parent)
        size = extract(asset, fetch(asset), TEST_OUT)
        log(f"{asset.spec}: {size / 1e6:.1f} MB -> {(TEST_OUT / asset.folder).relative_to(ROOT)}")
    return TEST_OUT / asset.folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that every asset is in place")
    args = parser.parse_args(argv)

    missing = [a.spec for a in ASSETS if not up_to_date(a)]
    missing += [a.spec for a in TEST_ASSETS if not up_to_date(a, TEST_OUT)]
    if args.check:
        if missing:
            log("missing: " + ", ".join(missing) + " (run python scripts/vendor_assets.py)")
            return 1
        log("all assets in place")
        return 0

    self_ignoring(VENDOR)
    known = {a.folder for a in ASSETS}
    for stale in OUT.glob("*") if OUT.exists() else []:
        if stale.is_dir() and stale.name not in known:
            log(f"removing stale {stale.name}")
            shutil.rmtree(stale)
    for asset in ASSETS:
        if up_to_date(asset):
            continue
        size = extract(asset, fetch(asset))
        log(f"{asset.spec}: {size / 1e6:.1f} MB -> {(OUT / asset.folder).relative_to(ROOT)}")
    for asset in TEST_ASSETS:
        tool_folder(asset.name)
    log("ok: " + ", ".join(a.spec for a in (*ASSETS, *TEST_ASSETS)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
