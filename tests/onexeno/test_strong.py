"""The strong ONEXENO bot (games/onexeno/bots/strong.py, sample.py): its determinizations
never contradict the seat's view, it decides from the view alone, it plays whole games to a
legal end, it finds the move a player would not miss, and a table's strong bot seat plays."""

import random

import pytest

from games import registry, services, tables
from games.models import Game, GameAction
from games.onexeno.bots import LEVELS, make_bot, strong
from games.onexeno.bots.sample import sample
from games.onexeno.bots.speed import measure
from games.onexeno.engine import IDS, RULES
from games.selectors import game_state
from tests.factories import UserFactory
from tests.onexeno.helpers import arrange, build, start

TABLES = [("basic", 2), ("basic", 3), ("basic", 5), ("partners", 4), ("partners", 6)]


def positions(variant, seats, games=2):
    """Every position of ``games`` seeded random games, with the seat to move."""
    for game in range(games):
        state = RULES.new(variant, seats, RULES.deal(f"sample-{game}", variant, seats))
        rng = random.Random(game)
        while not state.over:
            yield state
            state, _events = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("variant", "seats"), TABLES)
def test_every_determinization_shows_the_seat_exactly_its_view(variant, seats):
    checked = differ = open_ = 0
    for state in positions(variant, seats):
        seat = state.to_move
        view = RULES.seat_view(state, seat)
        first, second = sample(view, random.Random(1)), sample(view, random.Random(2))
        for sampled in (first, second):
            # the same view: own hand, field, taken piles, counts, who is out, the move list
            assert RULES.seat_view(sampled, seat) == view
            hidden = [c for other in range(seats) if other != seat for c in sampled.hands[other]]
            assert sorted(hidden + list(sampled.stack)) == sorted(view["unseen"])
            assert sampled.legal_actions() == state.legal_actions()
        checked += 1
        places = [view["stack_count"]] + [
            count for other, count in enumerate(view["hand_counts"]) if other != seat
        ]
        if sum(1 for count in places if count) < 2:
            continue  # one place holds every unseen card: the seat knows where they are
        open_ += 1
        hidden_of = [
            (first.hands[other], second.hands[other]) for other in range(seats) if other != seat
        ]
        differ += any(one != two for one, two in hidden_of) or first.stack != second.stack
    assert checked > 50 and open_ > 40
    # wherever the unseen cards could lie in more than one place, another seed deals them
    # differently
    assert differ == open_


def test_a_determinization_needs_a_seat_to_move():
    state = start(seats=3)
    with pytest.raises(ValueError, match="in play"):
        sample(RULES.spectator_view(state), random.Random(0))


def test_the_strong_bot_decides_from_the_view_alone():
    bot = strong.make_strong(40)
    compared = 0
    for table in range(6):
        seats = 2 + table % 3
        setup = RULES.deal(f"twin-{table}", "basic", seats)
        first = RULES.new("basic", seats, setup)
        seat = first.to_move
        twin = RULES.hidden_swap(setup, seat, random.Random(table), seats)
        assert twin != setup
        views = [RULES.seat_view(RULES.new("basic", seats, s), seat) for s in (setup, twin)]
        assert views[0] == views[1]
        assert bot.visits(views[0], table) == bot.visits(views[1], table)
        assert bot.choose(views[0], table) == bot.choose(views[1], table)
        compared += 1
    assert compared == 6


@pytest.mark.parametrize(("variant", "seats"), [("basic", 2), ("partners", 4)])
def test_the_strong_bot_plays_whole_games_to_a_legal_end(variant, seats, monkeypatch):
    monkeypatch.setattr(strong, "ITERATIONS", 12)
    levels = ["strong" if seat % 2 == 0 else "heuristic" for seat in range(seats)]
    bots = [make_bot(level) for level in levels]
    setup = RULES.deal("whole", variant, seats)
    state, actions = RULES.new(variant, seats, setup), []
    while not state.over:
        view = RULES.seat_view(state, state.to_move)
        action = bots[state.to_move].choose(view, f"whole:{state.n_actions}")
        assert action in view["legal_actions"]
        state, _events = state.apply(action)
        actions.append(action)
    header = RULES.record_header(variant, seats, setup)
    checked = RULES.check_record({**header, "actions": actions})
    assert checked["ok"] is True and checked["over"] is True
    assert checked["scores"] == list(RULES.outcome(state).scores)


def test_the_strong_bot_takes_the_line_before_the_other_seat_can():
    # The end game of two seats: the stack is empty, so seat 1 knows seat 0's hand (every
    # unseen card), and seat 0 holds a card that completes the row too. Seat 1 must take
    # the row now, not leave it to seat 0.
    row = build([(x, 0) for x in range(-2, 3)], seed=8, avoid=(127, 191))
    card, _rotation = row.pop((0, 0))
    laid = {other for other, _rotation in row.values()}
    rest = [other for other in IDS if other != card and other not in laid | {127, 191}]
    mine, theirs, gone = [card, *rest[:4]], [127, 191, *rest[4:7]], rest[7:]
    state = arrange(
        start(),
        field=row,
        hands=[theirs, mine],
        stack=[],
        taken=[tuple(gone[::2]), tuple(gone[1::2])],
        drawn=[None, None],
        endgame=True,
        to_move=1,
    )
    view = RULES.seat_view(state, 1)
    assert view["unseen"] == sorted(theirs)

    def takes(before, action):
        return action["type"] == "place" and before.apply(action)[0].taken[action["seat"]]

    # seat 0 could take the row after any other move of seat 1
    later = state.apply({"seat": 1, "type": "place", **_first_elsewhere(view)})[0]
    assert any(takes(later, action) for action in later.legal_actions())
    action = strong.make_strong(200).choose(view, "line")
    assert takes(state, action)
    # Inside the search, after the searching seat's move, a seat weighs only the placements
    # a player would: here seat 0's placements that take the row, nothing else.
    root = strong.search_sample(RULES.seat_view(later, 0), random.Random(0))
    assert len(root.legal_actions()) == len(later.legal_actions())  # the root tries all
    inside = state.apply({"seat": 1, "type": "place", **_first_elsewhere(view)})[0]
    inside.__class__ = strong.Lookahead
    weighed = inside.legal_actions()
    assert 0 < len(weighed) <= strong.KEEP
    assert all(takes(later, action) and action in later.legal_actions() for action in weighed)
    after, _events = inside.apply(weighed[0])
    assert isinstance(after, strong.Lookahead) and after.taken[0]


def _first_elsewhere(view) -> dict:
    """The first placement of the view away from the row's gap at (0, 0)."""
    for action in view["legal_actions"]:
        if action["type"] == "place" and (action["x"], action["y"]) != (0, 0):
            return {name: action[name] for name in ("card", "x", "y", "rotation")}
    raise AssertionError("no placement away from the gap")


def test_the_platform_offers_the_strong_bot_and_its_budget():
    found = registry.bots("onexeno")
    assert found.LEVELS == LEVELS == ("random", "heuristic", "strong", "expert")
    bot = found.make_bot("strong")
    assert bot.iterations == strong.ITERATIONS
    assert found.make_bot("strong", playouts=20).iterations == 20
    view = RULES.seat_view(start(seats=3), 1)
    quick = found.make_bot("strong", playouts=30)
    assert quick.choose(view, "s") in view["legal_actions"]
    assert quick.choose(view, "s") == quick.choose(view, "s")
    with pytest.raises(ValueError, match="no 'strong' bot"):
        found.make_bot("strong", depth=3)


@pytest.mark.django_db
def test_a_tables_strong_bot_seat_plays_its_moves(monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(strong, "ITERATIONS", 20)
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = tables.table_create(
        user=ann,
        kind="onexeno",
        variant="basic",
        seats=3,
        days_per_move=3,
        rated=True,
        invited=(),
    )
    tables.table_join(user=bob, game_id=game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_add_bot(user=ann, game_id=game.pk, level="strong")
    game = Game.objects.get(pk=game.pk)
    bot_seat = next(seat for seat, user in enumerate(game.players) if user.is_bot)
    assert game.status == Game.Status.ACTIVE and game.players[bot_seat].bot_level == "strong"
    rng = random.Random(4)
    while game.n_actions < 12:
        state = game_state(game)
        assert game.players[state.to_move] in (ann, bob), "the bot left its move unplayed"
        with django_capture_on_commit_callbacks(execute=True):
            services.game_act(
                user=game.players[state.to_move],
                game_id=game.pk,
                action=rng.choice(state.legal_actions()),
                expected_seq=game.n_actions,
            )
        game = Game.objects.get(pk=game.pk)
    # Each of the bot's moves is the strong bot's choice from its view at that point.
    rows = list(GameAction.objects.filter(game=game).order_by("seq"))
    state = RULES.new(game.variant, 3, game.setup)
    bot = make_bot("strong")
    moved = 0
    for row in rows:
        if row.seat == bot_seat:
            view = RULES.seat_view(state, bot_seat)
            chosen = bot.choose(view, f"{game.seed}/{row.seq}")
            assert row.action == {"seat": bot_seat, **chosen}
            moved += 1
        state, _events = state.apply(row.action)
    assert moved >= 3


def test_the_speed_probe_times_the_engine_calls_and_the_strong_moves(monkeypatch):
    monkeypatch.setattr(strong, "ITERATIONS", 10)
    figures = measure(30, 3, (("basic", 3),))
    assert figures["tables"] == ["basic 3"] and figures["positions"] == 30
    assert figures["strong_moves"] == 3 and figures["strong_iterations"] == 10
    for name in ("legal_actions_us", "apply_us", "seat_view_us", "sample_us", "strong_median_ms"):
        assert figures[name] > 0
    assert figures["strong_p95_ms"] >= figures["strong_median_ms"]
