"""`bias.report.html_page`: a report's frame escapes a visitor's title, keeps the body as given,
and carries a manifest that `reproduce` reads back, whatever the visitor's text holds."""

from bias.report.html_page import escape, page
from bias.report.manifest import CONTENT_KEY, edited, read_manifest

HOSTILE = "<script>alert(1)</script> & 'quotes' \"too\""


def test_escape_turns_every_markup_character_into_text():
    assert escape(HOSTILE) == (
        "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#x27;quotes&#x27; &quot;too&quot;"
    )
    assert escape(1.5) == "1.5" and escape(None) == "None"


def test_the_page_escapes_the_title_and_keeps_the_manifest():
    manifest = {"kind": "weat", "title": HOSTILE, "results": [{"words": ["</script>", "naïve"]}]}
    text = page(HOSTILE, ["<h1>Result</h1>", "<p>d = 1.54</p>"], manifest)
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</body></html>")
    assert f"<title>{escape(HOSTILE)}</title>" in text
    assert "<script>alert(1)</script>" not in text  # neither in the title nor in the manifest
    assert text.index("<h1>Result</h1>") < text.index("<p>d = 1.54</p>")
    kept = read_manifest(text, "report.html")
    assert kept == {**manifest, CONTENT_KEY: kept[CONTENT_KEY]}  # and the page's digest
    assert edited(text, kept) is False and edited(text.replace("1.54", "1.84"), kept) is True
