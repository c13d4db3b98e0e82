"""Reading analyses for the replay page: its progress, the advantage chart (SVG drawn on
the server), the verdict of the decision at a step with its best alternative in the log's
words, each seat's summary, and the steps of the mistakes.

Nothing here is read for a game that is not finished (``analysis_for``): no figure of an
analysis reaches any page while a game is in play.
"""

from django.urls import reverse

from accounts.bots import level_label
from analysis import engine
from analysis.models import Analysis
from analysis.services import play_on_levels, stalled
from games import registry
from games.models import Game
from games.selectors import history_lines, is_private
from games.views.play import site_of

VERDICTS = {
    "best": "Best move",
    "good": "Good move",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
}
MARKED = ("mistake", "blunder")
# The chart's box, in SVG units (it scales to the page's width).
WIDTH, HEIGHT = 720, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 26
# One colour per seat (up to ten), each distinct on the light and the dark theme.
COLOURS = (
    "#2a7de1", "#e0552b", "#2e9d5b", "#9b59b6", "#c9a000",
    "#16a2b8", "#d63384", "#6c757d", "#8d6e3f", "#5c6bc0",
)  # fmt: skip


def analysis_for(game: Game) -> Analysis | None:
    """The game's analysis, for a finished game only."""
    if game.status != Game.Status.FINISHED:
        return None
    return Analysis.objects.filter(game=game).first()


def may_ask(game: Game, user) -> bool:
    """Whether ``user`` may ask for (or retry) ``game``'s analysis (services.check_may_request
    without the database lock): a player, or anyone signed in for a public game."""
    if not user.is_authenticated or game.status != Game.Status.FINISHED:
        return False
    return game.seat_of(user) is not None or not is_private(game)


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


class Scale:
    """Figures as people read them: a winning chance with two sides, else an expected
    place (``engine.expected_place``)."""

    def __init__(self, sides: int):
        self.sides = max(2, sides)
        self.two = self.sides == 2

    def value(self, share: float) -> str:
        if self.two:
            return f"{round(share * 100)}% winning chance"
        return f"expected place {engine.expected_place(share, self.sides):.1f}"

    def short(self, share: float) -> str:
        if self.two:
            return f"{round(share * 100)}%"
        return f"{engine.expected_place(share, self.sides):.1f}"

    def loss(self, loss: float) -> str:
        if self.two:
            points = round(loss * 100)
            return f"{points} point{'s' if points != 1 else ''} of winning chance"
        places = loss * (self.sides - 1)
        return f"{places:.2f} of a place" if places < 1 else f"{places:.2f} places"

    def axis(self) -> list[tuple[float, str]]:
        """(share, label) of the chart's axis lines."""
        if self.two:
            return [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")]
        top, bottom = 1, self.sides
        middle = (top + bottom) / 2
        return [
            (1.0, ordinal(top)),
            (0.5, f"{middle:g}"),
            (0.0, ordinal(bottom)),
        ]


def _x(step: int, last: int) -> float:
    return round(LEFT + (WIDTH - LEFT - RIGHT) * step / max(1, last), 1)


def _y(share: float) -> float:
    share = min(1.0, max(0.0, share))
    return round(TOP + (1 - share) * (HEIGHT - TOP - BOTTOM), 1)


def chart(decisions: list[dict], names: list[str], *, last: int, step: int, scale: Scale) -> dict:
    """The advantage chart's shapes: one line per seat (its expected share after each
    decision, from the mover's information; even at the start), and per decision a link
    to its step holding a dot on the mover's line, coloured by its verdict."""
    even = 0.5
    lines = []
    for seat, name in enumerate(names):
        points = [(_x(0, last), _y(even))]
        for decision in decisions:
            values = decision.get("seats_value") or []
            if seat < len(values):
                points.append((_x(decision["index"] + 1, last), _y(values[seat])))
        lines.append(
            {
                "seat": seat,
                "name": name,
                "colour": COLOURS[seat % len(COLOURS)],
                "points": " ".join(f"{x},{y}" for x, y in points),
            }
        )
    xs = [_x(d["index"] + 1, last) for d in decisions]
    links = []
    for position, decision in enumerate(decisions):
        at = decision["index"] + 1
        seat = decision["seat"]
        values = decision.get("seats_value") or []
        x = xs[position]
        left = (xs[position - 1] + x) / 2 if position else LEFT
        right = (x + xs[position + 1]) / 2 if position + 1 < len(xs) else WIDTH - RIGHT
        verdict = decision.get("verdict", "good")
        figures = ", ".join(
            f"{names[s]} {scale.short(v)}" for s, v in enumerate(values) if s < len(names)
        )
        links.append(
            {
                "step": at,
                "x": x,
                "y": _y(values[seat]) if seat < len(values) else _y(even),
                "band_x": round(left, 1),
                "band_width": round(max(1.0, right - left), 1),
                "verdict": verdict,
                "marked": verdict in MARKED,
                "current": at == step,
                "colour": COLOURS[seat % len(COLOURS)],
                "label": f"Step {at}: {names[seat]}, {VERDICTS.get(verdict, verdict).lower()}"
                + (f"; {figures}" if figures else ""),
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "top": TOP,
        "band_height": HEIGHT - BOTTOM - TOP,
        "axis": [{"y": _y(share), "label": label} for share, label in scale.axis()],
        "lines": lines,
        "links": links,
        "cursor": _x(step, last),
        "two": scale.two,
        "steps_label_y": HEIGHT - 6,
        "last": last,
    }


def action_words(game: Game, actions: list[dict], index: int, action: dict) -> str:
    """``action`` as the log would have said it, had it been played instead of
    ``actions[index]``: the history lines it writes from the position before."""
    rules = registry.rules(game.kind)
    site = site_of(game)
    names = [p.username if p else "?" for p in game.players]
    state = rules.replay(game.variant, game.seats_count, game.setup, actions[:index])
    before = len(history_lines(site, rules.full_view(state, names)))
    try:
        after_state, _events = state.apply(action)
    except Exception:
        return ""
    lines = history_lines(site, rules.full_view(after_state, names))[before:]
    text = [line["text"] if isinstance(line, dict) else line for line in lines]
    return "; ".join(text)


def _decision_context(game, actions, decision: dict, names, scale: Scale) -> dict:
    seat = decision["seat"]
    same = decision.get("best") == decision.get("played") or decision.get("loss", 0) <= 0
    hindsight_same = decision.get("hindsight_loss", 0) <= 0
    hindsight_best = max(decision.get("choices") or [{}], key=lambda c: c.get("hindsight", 0)).get(
        "action"
    )
    return {
        "step": decision["index"] + 1,
        "mover": names[seat] if seat < len(names) else "?",
        "verdict": decision.get("verdict", "good"),
        "verdict_label": VERDICTS.get(decision.get("verdict"), decision.get("verdict", "")),
        "marked": decision.get("verdict") in MARKED,
        "played_value": scale.value(decision.get("value", 0.0)),
        "best_value": scale.value(decision.get("best_value", 0.0)),
        "loss": scale.loss(decision.get("loss", 0.0)),
        "best_is_played": same,
        "best_words": ""
        if same
        else action_words(game, actions, decision["index"], decision["best"]),
        "hindsight_value": scale.value(decision.get("hindsight", 0.0)),
        "hindsight_best_value": scale.value(decision.get("hindsight_best", 0.0)),
        "hindsight_loss": scale.loss(decision.get("hindsight_loss", 0.0)),
        "hindsight_is_played": hindsight_same,
        "hindsight_words": ""
        if hindsight_same or hindsight_best is None
        else action_words(game, actions, decision["index"], hindsight_best),
        "choices": len(decision.get("choices") or []),
    }


def _summary_rows(summary: list[dict], names: list[str]) -> list[dict]:
    rows = []
    for row in summary:
        seat = row["seat"]
        rows.append(
            {
                **row,
                "name": names[seat] if seat < len(names) else "?",
                "colour": COLOURS[seat % len(COLOURS)],
                "accuracy_text": f"{row.get('accuracy', 0):.0f}%",
            }
        )
    return rows


def replay_analysis(game: Game, user, *, actions: list[dict], step: int, names) -> dict:
    """Everything the replay shows of ``game``'s analysis at ``step``: the request form
    or the progress, and once done the chart, the verdict at the step, the summary and the
    mistakes' steps. Empty for a game that is not finished."""
    if game.status != Game.Status.FINISHED:
        return {}
    analysis = analysis_for(game)
    context = {
        "analysis": analysis,
        "may_ask": may_ask(game, user),
        "request_url": reverse("analysis:request", args=[game.pk]),
        "retry_url": reverse("analysis:retry", args=[game.pk]),
        "progress_url": reverse("analysis:progress", args=[game.pk]),
        "play_on_url": reverse("analysis:play_on", args=[game.pk]),
        "play_on_levels": [(level, level_label(level)) for level in play_on_levels(game.kind)],
        "play_on_seat": game.seat_of(user) if user.is_authenticated else None,
        "signed_in": user.is_authenticated,
    }
    if analysis is None:
        return context
    context["may_retry"] = context["may_ask"] and (
        analysis.status == Analysis.Status.FAILED or stalled(analysis)
    )
    if analysis.status != Analysis.Status.DONE:
        return context
    scale = Scale(engine.sides(game.kind, game.variant, game.seats_count))
    decisions = analysis.decisions
    marked = [d["index"] + 1 for d in decisions if d.get("verdict") in MARKED]
    at = next((d for d in decisions if d["index"] + 1 == step), None)
    context.update(
        {
            "chart": chart(decisions, names, last=len(actions), step=step, scale=scale),
            "two_sides": scale.two,
            "sides": scale.sides,
            "decision": _decision_context(game, actions, at, names, scale) if at else None,
            "summary": _summary_rows(analysis.summary, names),
            "mistakes": marked,
            "next_mistake": next((s for s in marked if s > step), None),
            "previous_mistake": next((s for s in reversed(marked) if s < step), None),
        }
    )
    return context
