"""XIX's template tags (``games/xix/templatetags/xix_cards.py``): its cards, card buttons
and backs."""

from django.template import Context, Template


def render(source: str, library: str = "xix_cards", **context) -> str:
    return Template("{% load " + library + " %}" + source).render(Context(context))


def test_cards_name_each_card_and_say_empty_for_none():
    html = render("{% cards hand %}", hand=[3, 17])
    assert html.count('role="img"') == 2
    assert 'aria-label="3"' in html and 'aria-label="17"' in html
    assert '<span class="card-num" aria-hidden="true">17</span>' in html
    assert render("{% cards hand %}", hand=[]) == '<span class="empty">empty</span>'


def test_card_buttons_submit_the_card_with_a_spoken_label():
    html = render('{% card_buttons pool "Draft" %}', pool=[5])
    assert html.startswith('<button type="submit" class="card card-button" name="card" value="5"')
    assert 'aria-label="Draft 5"' in html


def test_card_backs_show_one_back_per_hidden_card():
    assert render("{% card_backs n %}", n=3).count("card-back") == 3
    assert render("{% card_backs n %}", n=0) == '<span class="empty">empty</span>'
