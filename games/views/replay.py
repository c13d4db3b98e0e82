"""The replay viewer and the record download, for games that are over.

Both are for everyone who may see the game (``selectors.may_see``): a finished public
game's for every visitor, signed in or not; a private table's for its people only. A
visitor who is not signed in is sent to log in for a game they may not watch or that
does not exist, as the game page sends them. Both show every card, so both are refused
while a game is waiting or in play, to the players and to everyone else. The one
exception is the replay of a game in play for a moderator who does not play in it
(``selectors.can_see_every_card``): it is how the admin shows the game's course while
looking into a report. The record download stays refused.
"""

import json

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from analysis.selectors import replay_analysis
from games import registry
from games.models import Game
from games.outcomes import place_text
from games.rows import score_text
from games.selectors import (
    can_see_every_card,
    game_line,
    history_lines,
    player_names,
    record_for,
)
from games.views.play import game_for_viewer, kind_of, site_of, variant_info
from xix_site.numbers import whole_number
from xix_site.rules_pages import credit_line

TEMPLATE = "games/replay.html"

NOT_OVER = {
    # (replay, record) messages
    Game.Status.WAITING: (
        "This challenge has not been accepted yet: there is no game to replay.",
        "This challenge has not been accepted yet: there is no game record to download.",
    ),
    Game.Status.ACTIVE: (
        "This game is still being played. Its replay opens when the game is over, so that "
        "nobody sees the hidden cards of a live game.",
        "This game is still being played. Its record can be downloaded when the game is "
        "over, so that nobody sees the hidden cards of a live game.",
    ),
}


def _refuse(request, game: Game, *, title: str, message: str, status: int):
    """The replay page with a message in place of the viewer."""
    context = {
        "game": game,
        "site": site_of(game),
        "names": player_names(game),
        "variant": variant_info(game),
        "refusal": {"title": title, "message": message},
    }
    return render(request, TEMPLATE, context, status=status)


def _parse_step(raw: str | None, last: int) -> int | None:
    """The step asked for, clamped to 0..last (0 when absent); None when not a number."""
    if raw is None or not raw.strip():
        return 0
    step = whole_number(raw.strip(), signed=True, max_digits=18)
    if step is None:
        return None
    return max(0, min(step, last))


def _replay(game: Game, actions: list[dict], step: int) -> tuple[dict, list[dict]]:
    """The full view after ``step`` actions, and the whole game's history grouped by the
    action that wrote each line (group 0 is the opening line, before any action)."""
    names = player_names(game)
    rules = registry.rules(kind_of(game))
    full_view = rules.full_view
    site = site_of(game)
    state = game.initial_state()
    at_step = state
    # Action k wrote history lines bounds[k]:bounds[k+1], one per event unless the site
    # says how many its events write (ONEXENO logs the move, not the draw after it); the
    # lines before the first action open the game.
    lines_of = site.lines_written
    bounds = [0, len(full_view(state, names)["history"])]
    for number, action in enumerate(actions, start=1):
        state, events = state.apply(action)
        bounds.append(bounds[-1] + lines_of(events))
        if number == step:
            at_step = state
    # A game whose history entries are dicts (each with its sentence as "text") is read as
    # its sentences: the caption and the list show what a player reads, never the dict.
    history = [
        line["text"] if isinstance(line, dict) else line
        for line in history_lines(site, full_view(state, names))
    ]
    groups = [
        {"step": k, "lines": history[bounds[k] : bounds[k + 1]]} for k in range(len(bounds) - 1)
    ]
    if not groups[0]["lines"]:  # a game whose log opens with its first move (ONEXENO's)
        groups[0]["lines"] = [OPENING]
    for group in groups:
        group["caption"] = caption(group["lines"])
    return full_view(at_step, names), groups


OPENING = "The cards are dealt: the game before its first move"


def caption(lines: list[str]) -> str:
    """A step's lines as one text: sentences that end with their own stop follow each other
    ("ann plays 3 balls, …. ann takes the trick."); others are joined by semicolons ("bob
    played 14; bob took the trick")."""
    text = ""
    for line in lines:
        if text:
            text += " " if text[-1] in ".!?" else "; "
        text += line
    return text


def _status_line(site, view: dict, names: list[str], *, ended: str | None) -> str:
    """Who is to do what; ``ended`` says how the game ended when this is its last step
    and the rules did not end it (resignation, time, abort)."""
    if view["to_move"] is None:
        return "Game over"
    if ended:
        return f"Game over: {ended}"
    return site.replay_status(view, names)


def _result_line(game: Game, names: list[str], seat) -> str:
    """The result in one line; the score by the site's rule (games.rows.score_text): the
    viewer's own first ("You won 20–4 against bob"), else in seat order between the two
    names ("bob won, alice 4–20 bob"). At a table of more seats, the viewer's place and
    every score, best place first ("You finished 2nd of 4: cy 25, you 12, ann 3, bob -9")."""
    reason = game.reason_label.lower() if game.reason else ""
    if len(names) == 2:
        outcome = _pair_result_line(game, names, seat)
    else:
        outcome = _many_result_line(game, names, seat)
    return f"{outcome} ({reason})" if reason else outcome


def _pair_result_line(game: Game, names: list[str], seat) -> str:
    if seat is not None:
        score = f"{score_text(game.scores, seat)} against {names[1 - seat]}"
        drawn = f"You drew {score}"
        won = f"You {'won' if game.winner == seat else 'lost'} {score}"
    else:
        score = f"{names[0]} {score_text(game.scores)} {names[1]}"
        drawn = f"Drawn, {score}"
        won = f"{names[game.winner or 0]} won, {score}"
    if game.status == Game.Status.ABORTED:
        return f"Aborted at {score}"
    return drawn if game.winner is None else won


def _many_result_line(game: Game, names: list[str], seat) -> str:
    """A table of more than two seats: the viewer's place (``place_text``) or who came
    first, then every seat's score, best place first."""
    rows = game.seat_rows()
    order = sorted(rows, key=lambda row: (row.rank is None, row.rank or 0, row.position))
    scores = ", ".join(
        f"{'you' if row.position == seat else names[row.position]} {row.score}" for row in order
    )
    if game.status == Game.Status.ABORTED:
        return f"Aborted at {scores}"
    if seat is not None:
        place = place_text(game, seat)
        said = place if place in ("won", "lost", "drew") else f"finished {place}"
        return f"You {said}: {scores}"
    first = [names[row.position] for row in order if row.rank == 1]
    if len(first) == len(rows):
        return f"Drawn: {scores}"
    return f"{' and '.join(first)} won: {scores}"


@require_safe
@vary_on_headers("HX-Request")
def game_replay(request, game_id):
    """Step through a finished game, every card face up; ``?step=N`` picks the position
    after N actions. htmx requests get only the step partial."""
    game, seat = game_for_viewer(request, game_id)
    if game is None:
        return redirect_to_login(request.get_full_path())
    if not can_see_every_card(request.user, game):
        return _refuse(
            request, game, title="No replay yet", status=403, message=NOT_OVER[game.status][0]
        )
    actions = game_line(game)
    last = len(actions)
    step = _parse_step(request.GET.get("step"), last)
    if step is None:
        return _refuse(
            request,
            game,
            title="No such step",
            status=400,
            message=f"The step must be a whole number from 0 to {last}.",
        )
    view, history = _replay(game, actions, step)
    names = player_names(game)
    site = site_of(game)
    result_line = _result_line(game, names, seat) if game.is_over else None
    context = {
        "game": game,
        "site": site,
        "names": names,
        "variant": variant_info(game),
        "footer_credit": credit_line(game.kind),
        "view": view,
        "history": history,
        "current": history[step],
        "step": step,
        "last": last,
        "first": 0 if step > 0 else None,
        "previous": step - 1 if step > 0 else None,
        "next": step + 1 if step < last else None,
        "final": last if step < last else None,
        "result_line": result_line,
        "status_line": _status_line(site, view, names, ended=result_line if step == last else None),
        "replay_url": reverse("games:replay", args=[game.pk]),
        "moderator_view": not game.is_over,
        "record_format": registry.rules(game.kind).record_format,
        **site.replay_context(view, names, seat),
        # The analysis (a finished game only: nothing of it for a game in play).
        **replay_analysis(game, request.user, actions=actions, step=step, names=names),
    }
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, TEMPLATE + "#replay-step", context)
    else:
        response = render(request, TEMPLATE, context)
    if not game.is_over:
        patch_cache_control(response, private=True, no_store=True)
    return response


def _record_json(record: dict) -> str:
    """The record as JSON that reads well in a text editor: one key, or one action, per
    line."""
    lines = []
    for key, value in record.items():
        if key == "actions" and value:
            text = "[\n    " + ",\n    ".join(json.dumps(a) for a in value) + "\n  ]"
        else:
            text = json.dumps(value)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


@require_safe
def game_record(request, game_id):
    """The game's record as a JSON file in its game's format (``xix/1`` for XIX), for
    finished or aborted games only."""
    game, _seat = game_for_viewer(request, game_id)
    if game is None:
        return redirect_to_login(request.get_full_path())
    if not game.is_over:
        return _refuse(
            request, game, title="No record yet", status=403, message=NOT_OVER[game.status][1]
        )
    record = record_for(game, url=request.build_absolute_uri(game.get_absolute_url()))
    response = HttpResponse(_record_json(record), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-game-{game.pk}.json"'
    return response
