"""Tally's pages (Django side), for the tests only: what the platform's game page, replay,
record download and admin need from the test game, as ``games.registry.site("tally")``
finds it (the ``site`` module beside an engine registered as a package).

This module is not part of the engine: the engine stays pure (``tests/kit/test_pure_engines``
leaves it out), and its templates (``templates/tally/``) are found because
``tests/conftest.py`` adds that folder to the template directories for the test session;
the site's settings never know it.
"""

from games.kit.forms import Field, parse_action_form
from games.kit.site import SiteDefaults

from .state import DECK, HAND

ACTIONS = {"play": {"card": Field("card", DECK[0], DECK[-1], "Choose a card.")}}


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards) if cards else "none"


def _played(view: dict) -> dict[int, int]:
    """{seat: the card it played this round}."""
    return {played["seat"]: played["card"] for played in view["table"]}


class TallySite(SiteDefaults):
    table_template = "tally/table.html"
    log_opens = "Round "  # the line that closes a round and says who scored
    replay_template = "tally/replay.html"

    def parse_action(self, post) -> dict:
        return parse_action_form(post, ACTIONS)

    def table_context(self, view: dict, seat, seats: list[dict]) -> dict:
        """Each seat's hand (its cards only for the viewer's own seat, else a count), its
        card on the table this round and its own points; whether the viewer may play."""
        played = _played(view)
        for entry in seats:
            s = entry["seat"]
            entry["hand"] = view["hands"][s]
            entry["played"] = played.get(s)
            entry["points"] = view["points"][s]
        return {
            "rounds": HAND,
            "teams": view["teams"],
            "can_play": bool(view["legal_actions"]),
        }

    def replay_context(self, view: dict, names: list[str], seat) -> dict:
        played = _played(view)
        return {
            "rounds": HAND,
            "replay_seats": [
                {
                    "seat": s,
                    "name": name,
                    "is_you": s == seat,
                    "cards": view["hands"][s]["cards"],
                    "played": played.get(s),
                    "score": view["scores"][s],
                    "points": view["points"][s],
                    "to_move": view["to_move"] == s,
                }
                for s, name in enumerate(names)
            ],
        }

    def replay_status(self, view: dict, names: list[str]) -> str:
        return f"{names[view['to_move']]} to play, round {view['round']} of {HAND}"

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        rows = [
            (f"{name} (seat {seat}), hand", _cards(view["hands"][seat]["cards"]))
            for seat, name in enumerate(names)
        ]
        rows.append(("Undealt", _cards(view["undealt"])))
        rows.append(
            (
                "This round",
                ", ".join(f"{names[p['seat']]} {p['card']}" for p in view["table"]) or "none",
            )
        )
        rows.append(("To move", names[view["to_move"]] if view["to_move"] is not None else "–"))
        rows.append(("Scores", " ".join(str(score) for score in view["scores"])))
        return rows


SITE = TallySite()
