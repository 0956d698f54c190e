"""The documentation's links work: every relative link and picture in README.md, CONTRIBUTING.md and
docs/*.md points at a file of the repository (never outside it, never at another site), every ``#anchor``
at a heading of the file it names, and every page under docs/ can be reached from the README."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    """The text outside fenced code blocks and inline code, where links are links."""
    return _INLINE_CODE.sub("", _FENCE.sub("", text))


def links(page: Path) -> list[str]:
    """The targets of the page's links and pictures, in order."""
    return _LINK.findall(_prose(page.read_text()))


def slug(heading: str) -> str:
    """The anchor a heading gets on GitHub: markup and punctuation dropped, lower case, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of ``page``; a repeated heading gets -1, -2, … as on GitHub."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _, title in _HEADING.findall(_FENCE.sub("", page.read_text())):
        base = slug(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def _resolve(page: Path, target: str) -> tuple[Path, str]:
    path, _, anchor = target.partition("#")
    return ((page.parent / path).resolve() if path else page), anchor


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(page):
    assert page.is_file()
    for target in links(page):
        assert not re.match(r"[a-zA-Z][a-zA-Z+.-]*:|/", target), (
            f"{page.name}: {target} leaves the repository"
        )
        path, anchor = _resolve(page, target)
        assert path.is_relative_to(ROOT), f"{page.name}: {target} points outside the repository"
        assert path.exists(), f"{page.name}: {target} names no file"
        if anchor:
            assert path.suffix == ".md", f"{page.name}: {target}: an anchor into a file that is not Markdown"
            assert anchor in anchors(path), f"{page.name}: {target}: no such heading in {path.name}"


def test_every_docs_page_is_reachable_from_the_readme():
    reached, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in reached:
            continue
        reached.add(page)
        for target in links(page):
            path, _ = _resolve(page, target)
            if path.suffix == ".md" and path.is_file():
                todo.append(path)
    assert not set(PAGES) - reached, sorted(str(p.relative_to(ROOT)) for p in set(PAGES) - reached)


def test_the_checker_sees_broken_links(tmp_path):
    """The checks above would fail on a missing file, a missing heading and a link leaving the repository."""
    (tmp_path / "a.md").write_text(
        "# Title\n\n## A heading, with `code`\n\n[x](b.md) [y](#a-heading-with-code) [z](#nowhere)"
        " `[not](a-link.md)`\n\n```\n[nor](this.md)\n```\n"
    )
    page = tmp_path / "a.md"
    assert links(page) == ["b.md", "#a-heading-with-code", "#nowhere"]
    assert anchors(page) == {"title", "a-heading-with-code"}
    assert not _resolve(page, "b.md")[0].exists()
    assert slug("Languages: English and Persian (فارسی)") == "languages-english-and-persian-فارسی"
    assert (
        slug("Pictures (`warchest_bot/games/warchest/render`)") == "pictures-warchest_botgameswarchestrender"
    )
