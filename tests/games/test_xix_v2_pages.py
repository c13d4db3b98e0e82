"""XIX 2.0 (variant v2) on the site: the table, its forms, the peek, the replay and the
download, played through HTTP as people play it (RULINGS.md 16-29).

The hidden-card test follows ``test_hidden_info.py``: two deals that differ only in cards
seat 0 may not know (one of seat 1's cards swapped with the discard, another with the row
card that seat 1 slides and peeks at) give seat 0, a spectator and a visitor the same
bytes on every page, partial, poll and refusal; seat 1's differ.
"""

import itertools
import json
import re

import pytest
from django.urls import reverse

from games import registry
from games.models import Game
from games.selectors import game_state
from games.xix.engine import RULES, shuffled_deal
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, play, start_game, start_game_with_deal
from tests.games.fixtures_play import (
    act_url,
    card_numbers,
    client_for,
    element,
    finish,
    make_people,
    page_url,
    same_answers,
    text,
)

pytestmark = pytest.mark.django_db

SEAT1 = slice(6, 12)
ROW = 12
DISCARD = 17
PEEKED = 4  # the row position seat 1 slides and seat 0 never does (row position 5)


def forms_offered(html: str) -> list[dict]:
    """Every action the page's forms offer, read as a browser would submit them: a form's
    hidden ``type`` with each of its submit buttons' name and value, or with every
    combination of its radio groups (the trade)."""
    offered = []
    controls = element(html, 'id="game-controls"')
    for form in re.findall(r"<form\b.*?</form>", controls, re.S):
        kind = re.search(r'name="type" value="(\w+)"', form)
        if not kind:
            continue
        base = {"type": kind.group(1)}
        buttons = re.findall(r'<button type="submit"[^>]*name="(\w+)" value="(\d+)"', form)
        for name, value in buttons:
            offered.append({**base, name: int(value)})
        radios: dict[str, list[int]] = {}
        for name, value in re.findall(r'type="radio"[^>]*name="(\w+)" value="(\d+)"', form):
            radios.setdefault(name, []).append(int(value))
        if radios:
            names = sorted(radios)
            for values in itertools.product(*(radios[n] for n in names)):
                offered.append({**base, **dict(zip(names, values, strict=True))})
    return offered


def key(action: dict) -> tuple:
    return tuple(sorted((k, v) for k, v in action.items() if k != "seat"))


def test_a_finished_v2_game_can_be_replayed_and_downloaded():
    """(The whole game by form posts, each post the form the page offers for a legal action:
    tests/kit/test_site_conformance.py.)"""
    alice, bob, _, _ = make_people()
    game = finish(start_game(alice, bob, variant="v2", seed="v2-posts", rated=False), seed=5)
    clients = {alice.pk: client_for(alice), bob.pk: client_for(bob)}
    kinds = {a["type"] for a in game.actions.values_list("action", flat=True)}
    assert kinds == {"play", "slide", "draft", "trade"}
    assert game.status == Game.Status.FINISHED and game.winner in (0, 1)
    assert max(game.scores) >= 19 and min(game.scores) < 19

    # The finished table shows every card to both players and the end.
    page = clients[alice.pk].get(page_url(game)).content.decode()
    assert "Game over" in text(page)

    # The download is the xix/1 record of a v2 game, and it checks out.
    record = json.loads(clients[bob.pk].get(reverse("games:record", args=[game.pk])).content)
    assert (record["format"], record["variant"]) == ("xix/1", "v2")
    assert len(record["actions"]) == game.n_actions
    assert RULES.check_record(record)["ok"]

    # The replay steps through it: a slide shows who slid which position.
    replay = reverse("games:replay", args=[game.pk])
    first_slide = next(i for i, a in enumerate(record["actions"]) if a["type"] == "slide")
    step = clients[alice.pk].get(f"{replay}?step={first_slide + 1}").content.decode()
    assert re.search(r'aria-label="Position \d: \d+, face down, slid by (alice|bob)"', step)
    assert "3, 5 or 8 points" in text(step)
    assert "Open hand" not in text(step)
    assert clients[alice.pk].get(f"{replay}?step={game.n_actions}").status_code == 200


def deals():
    """Deal A and deal B for seat 0's twin games, and the cards that differ between them:
    seat 1's first card swapped with the discard, its second with row position 5."""
    deal, first_leader = shuffled_deal("v2-hidden")
    a = list(deal)
    b = list(a)
    b[6], b[DISCARD] = a[DISCARD], a[6]
    b[7], b[ROW + PEEKED] = a[ROW + PEEKED], a[7]
    secret = {a[6], a[7], a[DISCARD], a[ROW + PEEKED]}
    return a, b, first_leader, secret


def script(game, secret):
    """Actions legal from both deals: no secret card played, drafted, traded or put back;
    seat 0 never slides or takes row position 5, seat 1 slides it whenever it may, so it
    peeks at a card that differs between the deals. Stops while the game is on."""
    actions, peeked = [], False
    for _ in range(80):
        state = game_state(game)
        safe = [
            a
            for a in state.legal_actions()
            if a.get("card") not in secret
            and not (a["seat"] == 0 and a.get("position") == PEEKED)
            and not (a["type"] == "trade" and a.get("position") == PEEKED)
        ]
        peek = [a for a in safe if a["type"] == "slide" and a.get("position") == PEEKED]
        if not safe:
            break
        action = peek[0] if peek else safe[0]
        peeked = peeked or bool(peek)
        trial = game_state(game).apply(action)[0]
        if trial.over:
            break
        actions.append(action)
        game = play(game, [action])
    return actions, peeked


def test_seat_0_spectators_and_visitors_get_the_same_bytes_whatever_seat_1_holds_or_peeks():
    alice, bob, carol, _ = make_people()
    deal_a, deal_b, first_leader, secret = deals()
    game_a = start_game_with_deal(alice, bob, deal_a, first_leader, seed="a", variant="v2")
    actions, peeked = script(game_a, secret)
    assert peeked, "seat 1 should have slid row position 5"
    assert len(actions) >= 25 and {"play", "slide", "draft", "trade"} <= {
        a["type"] for a in actions
    }
    game_a = Game.objects.get(pk=game_a.pk)
    game_b = start_game_with_deal(alice, bob, deal_b, first_leader, seed="b", variant="v2")
    game_b = play(game_b, actions)  # every action is legal from deal B too

    seen = same_answers(game_a, game_b, (alice, carol, None))

    # The comparison can fail: bob holds (and saw) other cards in the two games.
    bob_a = client_for(bob).get(page_url(game_a)).content.decode()
    bob_b = client_for(bob).get(page_url(game_b)).content.decode()
    assert card_numbers(bob_a) != card_numbers(bob_b)
    # alice reads that bob looked at row position 5, never the card.
    alice_page = seen["alice"]["page"][1]
    assert "bob slid row position 5 and looked at its card" in text(alice_page)
    assert card_numbers(alice_page).isdisjoint(secret)
    assert card_numbers(element(alice_page, 'aria-labelledby="centre-title"')).isdisjoint(secret)


def slid_game(people):
    """A v2 game just after the first slide, and the seat that slid."""
    alice, bob, _, _ = people
    game = start_game(alice, bob, variant="v2", seed="v2-slide")
    for _ in range(10):
        state = game_state(game)
        if state.phase == "slide":
            slider = state.to_move
            action = next(a for a in state.legal_actions() if a["position"] == 2)
            return play(game, [action]), slider
        game = play(game, [state.legal_actions()[0]])
    raise AssertionError("no slide")


def test_the_struck_seat_alone_chooses_a_position_and_alone_sees_the_card():
    people = make_people()
    alice, bob, carol, _ = people
    game = start_game(alice, bob, variant="v2", seed="v2-slide")
    # Up to the first strike: the struck seat is offered the five positions, nobody else.
    while game_state(game).phase != "slide":
        game = play(game, [game_state(game).legal_actions()[0]])
    state = game_state(game)
    struck, other = game.players[state.to_move], game.players[1 - state.to_move]
    html = client_for(struck).get(page_url(game)).content.decode()
    panel = text(element(html, 'class="action-panel"'))
    assert "Slide a row card towards you" in panel
    assert re.findall(r'aria-label="(Slide row position \d)"', html) == [
        f"Slide row position {n}" for n in range(1, 6)
    ]
    for viewer in (other, carol):
        assert "Slide row position" not in client_for(viewer).get(page_url(game)).content.decode()
    # A position that is not a row position is a clear 400; nothing is written.
    bad = client_for(struck).post(
        act_url(game), {"seq": str(game.n_actions), "type": "slide", "position": "7"}
    )
    assert bad.status_code == 400 and "row position" in bad.content.decode()

    game, slider = slid_game(people)
    card = game_state(game).row[2]
    slider_user, other_user = game.players[slider], game.players[1 - slider]
    mine = client_for(slider_user).get(page_url(game)).content.decode()
    row = element(mine, 'class="strike-row strike-row-v2"')
    assert f'aria-label="Position 3: {card}, face down, seen by you, slid by you"' in row
    assert card in card_numbers(row)
    for viewer in (other_user, carol):
        theirs = client_for(viewer).get(page_url(game)).content.decode()
        row = element(theirs, 'class="strike-row strike-row-v2"')
        name = slider_user.username
        who = "you" if viewer == slider_user else name
        assert f'aria-label="Position 3: face down, slid by {who}"' in row
        assert card_numbers(row) == set()
        assert f"{name} slid row position 3 and looked at its card" in text(theirs)
    # The slid card is drawn towards the seat that slid it: at the bottom for the slider.
    assert 'class="slot slot-slid slot-slid-bottom"' in mine
    assert (
        'class="slot slot-slid slot-slid-top"'
        in client_for(other_user).get(page_url(game)).content.decode()
    )


def test_the_v2_table_has_one_hand_and_shows_the_stakes_at_a_glance():
    alice, bob, _, _ = make_people()
    game = start_game(alice, bob, variant="v2", seed="v2-glance")
    html = client_for(alice).get(page_url(game)).content.decode()
    words = text(html)
    assert "XIX 2.0 (2023 rules)" in words
    assert "Your hand only you see these" in words
    assert "open hand" not in words.lower() and "closed hand" not in words.lower()
    assert "worth 3, 5 or 8 points · 0 strikes in all" in words
    assert "Raise" not in words and "Abandon" not in words


def test_v2_is_offered_wherever_xix_is_and_rated_on_its_own_board():
    """The lobby's table form and "Play a bot" offer XIX 2.0; an open v2 challenge
    shows its variant; a rated v2 game rates both players on the v2 board only, which the
    leaderboard, the profile's records and the history filter show."""
    alice, bob, carol, _ = make_people()
    UserFactory(username="bot-heuristic", is_bot=True, bot_level="heuristic")
    lobby = client_for(carol).get(reverse("games:lobby")).content.decode()
    # The lobby's one form offers it, for a table (a challenge is a table of two) and for
    # a game against bots alike.
    assert '<option value="xix/v2">2.0 (2023 rules) (2 players)</option>' in lobby
    answer = client_for(carol).post(
        reverse("games:challenge_new"), {"variant": "v2", "days_per_move": "3", "rated": "rated"}
    )
    assert answer.status_code == 302 and answer["Location"] == reverse("games:lobby")
    challenge = Game.objects.get(created_by=carol)
    assert challenge.variant == "v2" and challenge.variant_label == "XIX 2.0 (2023 rules)"
    row = client_for(alice).get(reverse("games:lobby")).content.decode()
    assert '<span class="variant variant-v2">XIX 2.0 (2023 rules)</span>' in row

    game = finish(start_game(alice, bob, variant="v2", seed="v2-rated", rated=True))
    assert game.status == Game.Status.FINISHED and game.rated
    assert set(Rating.objects.values_list("kind", "variant")) == {("xix", "v2")}
    assert RatingChange.objects.filter(game=game, variant="v2").count() == 2

    board = client_for(None).get(reverse("ratings:leaderboard", args=["xix", "v2"]))
    assert board.status_code == 200
    words = text(board.content.decode())
    assert "XIX 2.0 (2023 rules)" in words and "alice" in words and "bob" in words
    standard = text(client_for(None).get("/leaderboard/xix/standard/").content.decode())
    assert "alice" not in standard

    winner = game.players[game.winner]
    profile = client_for(carol).get(reverse("players:profile", args=[winner.username]))
    record = text(element(profile.content.decode(), 'aria-labelledby="record-v2"'))
    assert "XIX 2.0 (2023 rules)" in record and "Played 1 Won 1 Lost 0" in record, record
    history = reverse("players:history", args=[winner.username])
    assert (
        f'href="/games/{game.pk}/"'
        in client_for(carol).get(f"{history}?variant=v2").content.decode()
    )
    assert (
        f'href="/games/{game.pk}/"'
        not in client_for(carol).get(f"{history}?variant=standard").content.decode()
    )


def test_the_admin_rows_of_a_v2_game_show_one_hand_each_and_who_slid_what():
    people = make_people()
    game, slider = slid_game(people)
    names = [p.username for p in game.players]
    view = RULES.full_view(game_state(game), names)
    rows = dict(registry.site("xix").admin_rows(view, names))
    assert list(rows)[:2] == ["alice (seat 0), hand", "bob (seat 1), hand"]
    assert rows["Row"].count(f"(slid by {names[slider]})") == 1
    shown = " ".join([rows["alice (seat 0), hand"], rows["bob (seat 1), hand"], rows["Pool"]])
    row = re.sub(r"\((down|slid by \w+)\)", "", rows["Row"])
    cards = [int(n) for n in f"{shown} {row} {rows['Discard']}".split() if n.isdigit()]
    assert sorted(cards) == list(range(1, 19))
