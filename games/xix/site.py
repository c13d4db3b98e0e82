"""XIX's pages: what the platform's game page, replay and admin need from XIX (Django side).

The platform's views are a shell (``games/views/play.py``, ``replay.py``,
``templates/games/game.html``, ``replay.html``): header, players, clock, log, errors, the
end of the game. They ask this object, through ``games.registry.site("xix")``, for the
rest: the names of XIX's table partials (``games/xix/templates/xix/``) and stylesheets
(``games/xix/static/xix/``), the context those partials need, the action form's fields,
and the admin's every-card rows. Nothing here restates a rule: it reads the engine's views.
"""

from games.kit.forms import Field, parse_action_form
from games.kit.site import SiteDefaults
from games.xix.engine.rules import STAKES
from games.xix.guide import GUIDE

# The action types in the order the form's message names them, and their fields. The form
# sends row positions as the engine counts them (0 to 4); people see them as 1 to 5.
CARD = Field("card", 1, 18, "Choose a card.")
POSITION = Field("row position", 0, 4, "Choose a row position to trade with.", shown_from=1)
SLIDE = Field("row position", 0, 4, "Choose a row position to slide.", shown_from=1)
ACTIONS = {
    "play": {"card": CARD},
    "slide": {"position": SLIDE},
    "raise": {},
    "abandon": {},
    "draft": {"card": CARD},
    "trade": {"card": CARD, "position": POSITION},
}

PHASES = {
    "play": "{name} to play",
    "decide": "{name} to raise or abandon",
    "slide": "{name} to slide a row card",
    "draft": "{name} to draft a card",
    "trade": "{name} to trade a card with the row",
}

STRIKES = 3  # strikes per exchange: the pips beside each score
V2 = "v2"  # XIX 2.0 (2023 rules): one hand, slides, stakes 3, 5 or 8 (RULINGS 16-29)
V2_STAKES = STAKES[V2]  # by strikes in the exchange: 3, 4 and 5 are worth 3, 5 and 8


def _screen_order(seat):
    """Seats in screen order: (top, bottom). A spectator sees seat 0 at the bottom."""
    return (1, 0) if seat in (None, 0) else (0, 1)


def v2_stakes(strikes) -> list[int]:
    """What a v2 exchange can still be worth, from its strikes so far (ruling 21): it ends
    at a seat's third strike, for 3, 4 or 5 strikes in all, worth 3, 5 or 8. After the
    third strike: the one value it was scored at."""
    total = sum(strikes)
    if max(strikes) >= STRIKES:
        return [V2_STAKES[total]]
    soonest = total + STRIKES - max(strikes)
    return [V2_STAKES[n] for n in range(soonest, 2 * STRIKES)]


def _or(values) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _slid_mark(slot, names) -> str:
    """The mark " (slid by bob)" after a v2 row card slid in this exchange, else ""."""
    by = slot.get("slid_by")
    return "" if by is None else f" (slid by {names[by]})"


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards) if cards else "none"


class XixSite(SiteDefaults):
    stylesheets = ("xix/table.css",)
    # The game page's partials (file#name): table, panel, side, progress, over-line and
    # score-extra (beside each score), fed the shell's context plus ``table_context``.
    table_template = "xix/table.html"
    guide = GUIDE  # the first-game guide's steps
    log_opens = "Exchange "  # a log line that begins a new exchange is marked

    replay_template = "xix/replay.html"  # its partial table: one step, from a full view

    rules_template = "xix/rules.html"  # the rules page, in our own words

    def parse_action(self, post) -> dict:
        """The action (without seat) a table form posts; ``BadForm`` when it is none."""
        return parse_action_form(post, ACTIONS)

    def table_context(self, view: dict, seat, seats: list[dict]) -> dict:
        """What XIX's table partials need from the viewer's ``view``. ``seats``: the
        shell's entry for each seat (seat, user, name, score, is_you, to_move), which this
        completes with the seat's hands and strikes."""
        for entry in seats:
            s = entry["seat"]
            entry["hand"] = view["hands"][s]
            entry["strikes"] = view["strikes"][s]
            entry["pips"] = [i < view["strikes"][s] for i in range(STRIKES)]
        top, bottom = _screen_order(seat)
        legal = view["legal_actions"]
        kinds = {a["type"] for a in legal}
        trade_positions = sorted({a["position"] for a in legal if a["type"] == "trade"})
        v2 = view["variant"] == V2
        extra = {}
        if v2:
            # Each slid card is drawn pushed towards the seat that slid it while the
            # exchange is played (ruling 23: they go back before the draft, though the
            # marks say who slid what until the trade); a seat reads "slid by you" or the
            # other's name (both see which positions, ruling 20).
            side = {seats[top]["seat"]: "top", seats[bottom]["seat"]: "bottom"}
            if view["phase"] not in ("play", "slide"):
                side = {}
            who = {e["seat"]: "you" if e["is_you"] else e["user"].username for e in seats}
            row = [
                {
                    **slot,
                    "slid_side": side.get(slot["slid_by"]),
                    "slid_name": who.get(slot["slid_by"], ""),
                }
                for slot in view["row"]
            ]
            slides = sorted(a["position"] for a in legal if a["type"] == "slide")
            extra = {
                "row": row,
                "can_slide": bool(slides),
                "slide_slots": [row[p] for p in slides],
                "stakes_words": _or(v2_stakes(view["strikes"])),
                "stakes_done": max(view["strikes"]) >= STRIKES,
                "strikes_total": sum(view["strikes"]),
            }
        return {
            **extra,
            "v2": v2,
            "top": seats[top],
            "bottom": seats[bottom],
            "can_play": "play" in kinds,
            "can_decide": "raise" in kinds,
            "can_draft": "draft" in kinds,
            "can_trade": "trade" in kinds,
            "trade_cards": sorted({a["card"] for a in legal if a["type"] == "trade"}),
            "trade_positions": [view["row"][p] for p in trade_positions],
        }

    def replay_context(self, view: dict, names: list[str], seat) -> dict:
        """What the replay's table needs from the full ``view`` at one step; ``seat``: the
        viewer's seat, drawn at the bottom (seat 0 for others)."""
        bottom = seat if seat is not None else 0
        pool = "Draft pool" if view["phase"] == "draft" else "Cards played this exchange"
        return {
            "v2": view["variant"] == V2,
            "stakes_words": _or(v2_stakes(view["strikes"])),
            "top": self._replay_seat(view, 1 - bottom, names),
            "bottom": self._replay_seat(view, bottom, names),
            "pool_label": pool,
        }

    def _replay_seat(self, view: dict, seat: int, names: list[str]) -> dict:
        hand = view["hands"][seat]
        name = names[seat]
        return {
            "seat": seat,
            "name": name,
            "opponent": names[1 - seat],
            "closed_label": f"{name}'s closed hand",
            "open_label": f"{name}'s open hand",
            "closed": hand["closed"],
            "open": hand["open"],
            "score": view["scores"][seat],
            "strikes": view["strikes"][seat],
            "to_move": view["to_move"] == seat,
        }

    def replay_status(self, view: dict, names: list[str]) -> str:
        """Who is to do what at this step of the replay (the game is not over at it)."""
        return PHASES[view["phase"]].format(name=names[view["to_move"]])

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """Every card of the game as it stands, as (label, text) rows, from a full view."""
        rows = []
        v2 = view["variant"] == V2
        for seat, name in enumerate(names):
            hand = view["hands"][seat]
            if v2:
                rows.append((f"{name} (seat {seat}), hand", _cards(hand["closed"])))
                continue
            rows.append((f"{name} (seat {seat}), closed", _cards(hand["closed"])))
            rows.append((f"{name} (seat {seat}), open", _cards(hand["open"])))
        rows.append(
            (
                "Row",
                " ".join(
                    f"{slot['card']}{'' if slot['face_up'] else ' (down)'}{_slid_mark(slot, names)}"
                    for slot in view["row"]
                ),
            )
        )
        if view["trick"]:
            rows.append(
                ("Card led", f"{view['trick']['card']} by {names[view['trick']['leader']]}")
            )
        if view["discard"] is not None:
            rows.append(("Discard", str(view["discard"])))
        rows.append(("Pool", _cards(view["pool"])))
        rows.append(("To move", names[view["to_move"]] if view["to_move"] is not None else "–"))
        rows.append(
            (
                "Scores",
                f"{view['scores'][0]}–{view['scores'][1]}, strikes "
                f"{view['strikes'][0]}–{view['strikes'][1]}",
            )
        )
        return rows


SITE = XixSite()
