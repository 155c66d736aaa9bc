"""Issue 35, item 6: an edit to what a report shows is noticed. The manifest records the SHA-256
of the page without its manifest element, computed once when the page is written; `reproduce`
says "this report was edited after it was written" and exits 1."""

import hashlib
import re

import pytest

from bias.cli import main
from bias.report.manifest import CONTENT_KEY, MANIFEST_ID, read_manifest

ELEMENT = re.compile(rf'<script type="application/json" id="{MANIFEST_ID}">.*?</script>',
                     re.DOTALL)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "r.html"
    assert main(["weat", "--wordset", "weat6", "--iterations", "2000", "--report",
                 str(path)]) == 0
    return path.read_text(encoding="utf-8")


def reproduce(capsys, tmp_path, text):
    (tmp_path / "r.html").write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["reproduce", str(tmp_path / "r.html")])
    return code, capsys.readouterr().out


def test_the_digest_is_over_the_page_without_its_manifest(page):
    shown = ELEMENT.sub("", page, count=1)
    assert shown != page and "Numbers" in shown
    assert read_manifest(page, "r.html")[CONTENT_KEY] == hashlib.sha256(
        shown.encode("utf-8")).hexdigest()


def test_an_untouched_report_reproduces(page, capsys, tmp_path):
    code, out = reproduce(capsys, tmp_path, page)
    assert code == 0 and "every number matches" in out and "edited" not in out


@pytest.mark.parametrize("edit", [
    lambda p: p.replace("<td>1.76 (d can", "<td>1.84 (d can", 1),  # the d in Numbers
    lambda p: p.replace("</body>", "<p>Reviewed and approved.</p></body>"),  # after the manifest
    lambda p: p.replace("<title>", "<title>Final: ", 1),
])
def test_an_edit_to_what_the_page_shows_is_reported(page, capsys, tmp_path, edit):
    edited = edit(page)
    assert edited != page
    code, out = reproduce(capsys, tmp_path, edited)
    assert code == 1
    assert out.startswith("r.html: this report was edited after it was written")
    assert "result(s) in its data reproduce" in out


def test_an_edit_to_the_data_alone_names_the_number(page, capsys, tmp_path):
    changed = re.sub(r'("effect_size": )1\.76\d*', r"\g<1>1.66", page, count=1)
    code, out = reproduce(capsys, tmp_path, changed)
    assert code == 1 and "effect_size was 1.66" in out and "edited" not in out


def test_a_page_whose_digest_was_deleted_is_refused(page, capsys, tmp_path):
    """Issue 43: deleting the digest from the manifest made an edited number pass (exit 0)."""
    stripped = re.sub(rf', "{CONTENT_KEY}": "[0-9a-f]{{64}}"', "", page, count=1)
    assert CONTENT_KEY not in stripped
    edited = stripped.replace("<td>1.76 (d can", "<td>1.84 (d can", 1)
    (tmp_path / "r.html").write_text(edited, encoding="utf-8")
    capsys.readouterr()
    assert main(["reproduce", str(tmp_path / "r.html")]) == 2
    assert "r.html is a report whose page records no digest" in capsys.readouterr().err
