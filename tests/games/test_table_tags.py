"""The game page shell's template tags (``table``): the log lines. (XIX's cards:
tests/xix/test_xix_cards.py.)"""

from django.template import Context, Template


def render(source: str, library: str = "table", **context) -> str:
    return Template("{% load " + library + " %}" + source).render(Context(context))


def test_log_lines_escape_what_they_show_and_mark_each_new_exchange():
    lines = ["Exchange 2 begins.", "<b>eve</b> led 7 & 12."]
    html = render('{% log_lines lines "Exchange " %}', "table", lines=lines)
    assert html == (
        '<li class="log-exchange">Exchange 2 begins.</li>'
        "<li>&lt;b&gt;eve&lt;/b&gt; led 7 &amp; 12.</li>"
    )
    # A game whose log has no such opening words marks no line.
    assert "log-exchange" not in render("{% log_lines lines %}", "table", lines=lines)
    empty = render("{% log_lines lines %}", "table", lines=[])
    assert empty == '<li class="note">No moves yet.</li>'
