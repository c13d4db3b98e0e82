"""Xactika's pages: what the platform's game page, replay and admin need from Xactika.

The shell (``games/views/play.py``, ``templates/games/game.html``) draws the header, the
scoreboard, the turn, the clock and the log; this object names Xactika's partials
(``games/xactika/templates/xactika/table.html``) and gives them what they draw, read from
the viewer's view (``games.xactika.engine.views``) and nothing else: a seat's own hand, the
bids, the trick on the table, the last trick, the rounds played. The set-aside cards are in
no seat's or spectator's view, so no page can show them.

The forms post small whole numbers (``games.kit.forms``): a bid ``n``; a card as its
four-digit code (1111 to 3333); a lead's called shape as 0 to 3 (ball, cube, cone, star),
which ``parse_action`` turns into the engine's ``{"type": "play", "card", "shape"}``.
"""

from games.kit.forms import BadForm, Field, parse_action_form
from games.kit.site import SiteDefaults
from games.xactika.guide import GUIDE

from .engine import SHAPES
from .engine.cards import INDEX, PLURALS
from .engine.state import HAND, MAX_BID

# Events of the engine that write no line of the log (the replay counts lines per action).
SILENT_EVENTS = frozenset({"lead_next"})

CARD = Field("card", 1111, 3333, "Choose a card.")
ACTIONS = {
    "bid": {"n": Field("bid", 0, MAX_BID, "Choose a bid from 0 to 8.")},
    "lead": {"card": CARD, "shape": Field("shape", 0, 3, "Choose the shape you call.")},
    "play": {"card": CARD},
}


def _cards(cards) -> str:
    return " ".join(cards) if cards else "none"


def card_words(code: str) -> str:
    """A card as its face shows it, a count of each shape in the order the card draws them
    (balls, cubes, cones, stars): "2 balls, 1 cube, 3 cones, 2 stars"."""
    return ", ".join(_suit_of(code, shape) for shape in range(len(SHAPES)))


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else str(score)


def log_lines(view: dict) -> list[str]:
    """The log, one line per line of the engine's (``view["history"]``, which the replay
    counts per action), told from the view's parts: the reader is "You", cards are named
    by their shapes ("2 balls, 1 cube, 3 cones, 2 stars"), never by their codes."""
    reader = view["reader"]
    names = view["names"]

    def who(seat: int) -> tuple[str, str]:
        """(subject, verb ending): ("You", ""), ("bob", "s")."""
        return ("You", "") if seat == reader else (names[seat], "s")

    def name(seat: int) -> str:
        return "you" if seat == reader else names[seat]

    def opening(number: int, dealer: int, bids) -> list[str]:
        dealt, s = who(dealer)
        lines = [f"Round {number + 1} of {view['n_rounds']}: {dealt} deal{s}."]
        for bid in bids or ():
            bidder, s = who(bid["seat"])
            lines.append(f"{bidder} bid{s} {bid['n']}.")
        return lines

    def plays(trick: dict) -> list[str]:
        (lead, *follows) = trick["plays"]
        leader, s = who(lead["seat"])
        lines = [f"{leader} lead{s} {card_words(lead['card'])} and call{s} {trick['suit']}."]
        for play in follows:
            player, s = who(play["seat"])
            lines.append(f"{player} play{s} {card_words(play['card'])}.")
        return lines

    def finished(trick: dict) -> list[str]:
        taker, s = who(trick["winner"])
        return [*plays(trick), f"{taker} take{s} the trick."]

    lines = []
    for past in view["past_rounds"]:
        lines += opening(past["round"], past["dealer"], past["bids"])
        for trick in past["tricks"]:
            lines += finished(trick)
        scores = ", ".join(f"{name(s)} {_signed(score)}" for s, score in enumerate(past["scores"]))
        lines.append(f"Round {past['round'] + 1} scores: {scores}.")
    if view["result"] is not None:
        totals = ", ".join(f"{name(s)} {total}" for s, total in enumerate(view["scores"]))
        lines.append(f"The game is over. Totals: {totals}.")
        return lines
    lines += opening(
        view["round"], view["dealer"], view["bids"] if view["variant"] == "bid" else None
    )
    for trick in view["tricks"]:
        lines += finished(trick)
    if view["trick"] and view["trick"]["plays"]:
        lines += plays(view["trick"])
    return lines


def _suit_of(code: str, shape: int) -> str:
    """ "3 cones": what leading ``code`` and calling ``shape`` calls."""
    count = int(code[shape])
    return f"{count} {SHAPES[shape] if count == 1 else PLURALS[shape]}"


def _named(plays, names, winner=None) -> list[dict]:
    return [
        {
            "seat": p["seat"],
            "name": names[p["seat"]],
            "card": p["card"],
            "leads": i == 0,
            "wins": p["seat"] == winner,
        }
        for i, p in enumerate(plays)
    ]


def _last_trick(view: dict) -> dict | None:
    """The trick finished last: this round's, else the last round's last."""
    if view["tricks"]:
        return view["tricks"][-1]
    if view["past_rounds"]:
        return view["past_rounds"][-1]["tricks"][-1]
    return None


def _rounds(view: dict, names: list[str]) -> list[dict]:
    """Each round played, newest first: per seat its bid, tricks taken and score."""
    rounds = []
    for past in reversed(view["past_rounds"]):
        bids = {b["seat"]: b["n"] for b in past["bids"] or ()}
        rounds.append(
            {
                "number": past["round"] + 1,
                "dealer": names[past["dealer"]],
                "rows": [
                    {
                        "name": name,
                        "bid": bids.get(s),
                        "taken": past["taken"][s],
                        "score": past["scores"][s],
                    }
                    for s, name in enumerate(names)
                ],
            }
        )
    return rounds


class XactikaSite(SiteDefaults):
    stylesheets = ("xactika/table.css",)
    # The game page's partials (file#name): table, panel, side, progress, over-line and
    # score-extra (beside each score), fed the shell's context plus ``table_context``.
    table_template = "xactika/table.html"
    guide = GUIDE  # the first-game guide's steps
    log_opens = "Round "  # "Round 2 of 8: … deals." and "Round 1 scores: …"
    replay_template = "xactika/replay.html"
    rules_template = "xactika/rules.html"

    def history_lines(self, view: dict) -> list[str]:
        """The log: one sentence per line of the engine's history (``log_lines``)."""
        return log_lines(view)

    def lines_written(self, events) -> int:
        """How many lines of the log an action's events wrote (for the replay): one each,
        but for the note that bidding is done and who leads ("lead_next"), which the log
        does not write (the lead itself is the next line)."""
        return sum(1 for event in events if event["type"] not in SILENT_EVENTS)

    def parse_action(self, post) -> dict:
        """The action (without seat) a table form posts; ``BadForm`` when it is none."""
        action = parse_action_form(post, ACTIONS)
        if "card" in action:
            code = str(action["card"])
            if code not in INDEX:
                raise BadForm(
                    f"The card must be four digits 1 to 3 (balls, cubes, cones, stars), not {code}."
                )
            action["card"] = code
        if action["type"] == "lead":
            action = {"type": "play", "card": action["card"], "shape": SHAPES[action["shape"]]}
        return action

    def table_context(self, view: dict, seat, seats: list[dict]) -> dict:
        """What the partials draw, from the viewer's ``view``; ``seats`` (the shell's entry
        for each seat) gets each seat's bid, tricks taken, cards left, card in this trick."""
        names = [s["name"] for s in seats]
        bids = {b["seat"]: b["n"] for b in view["bids"]}
        trick = view["trick"]
        played = {p["seat"]: p["card"] for p in trick["plays"]} if trick else {}
        for entry in seats:
            s = entry["seat"]
            entry["bid"] = bids.get(s)
            entry["taken"] = view["taken"][s]
            entry["cards_left"] = view["hand_counts"][s]
            entry["played"] = played.get(s)
            entry["leads"] = trick is not None and trick["leader"] == s
            entry["dealer"] = view["dealer"] == s
        legal = view["legal_actions"]
        kinds = {a["type"] for a in legal}
        playable = {a["card"] for a in legal if a["type"] == "play"}
        leading = any("shape" in a for a in legal)
        hand = [
            {
                "code": code,
                "playable": code in playable,
                "calls": [{"shape": i, "suit": _suit_of(code, i)} for i in range(len(SHAPES))],
            }
            for code in view["hand"] or ()
        ]
        last = _last_trick(view)
        return {
            # The seats in seat order (which is playing order), as the scoreboard lists them.
            "around": seats,
            "bidding": view["phase"] == "bidding",
            "trick_plays": _named(trick["plays"], names) if trick else [],
            "last_trick": (
                {"suit": last["suit"], "plays": _named(last["plays"], names, last["winner"])}
                | {"winner": "you" if last["winner"] == seat else names[last["winner"]]}
                if last
                else None
            ),
            "hand": hand,
            "can_bid": "bid" in kinds,
            "bid_options": [
                {"n": n, "allowed": n != view["barred_bid"]} for n in range(MAX_BID + 1)
            ],
            "bids_so_far": sum(bids.values()),
            "can_lead": leading,
            "can_follow": "play" in kinds and not leading,
            "must_follow": bool(trick) and len(playable) < len(hand),
            "rounds": _rounds(view, names),
            "tricks_per_round": HAND,
            "trick_number": len(view["tricks"]) + 1,
        }

    def replay_context(self, view: dict, names: list[str], seat) -> dict:
        """The replay's table at one step, from the full ``view``: every hand, the bids,
        the trick; ``seat``'s own row is marked."""
        bids = {b["seat"]: b["n"] for b in view["bids"]}
        trick = view["trick"]
        played = {p["seat"]: p["card"] for p in trick["plays"]} if trick else {}
        hands = view["hands"] or [[] for _ in names]
        return {
            "replay_seats": [
                {
                    "seat": s,
                    "name": name,
                    "is_you": s == seat,
                    "cards": hands[s],
                    "bid": bids.get(s),
                    "taken": view["taken"][s],
                    "score": view["scores"][s],
                    "played": played.get(s),
                    "to_move": view["to_move"] == s,
                    "dealer": view["dealer"] == s,
                }
                for s, name in enumerate(names)
            ],
            "replay_trick": trick,
            "set_aside_count": len(view["set_aside"] or ()),
        }

    def replay_status(self, view: dict, names: list[str]) -> str:
        """Who is to do what at this step of the replay (the game is not over at it)."""
        who = names[view["to_move"]]
        where = f"round {view['round'] + 1} of {view['n_rounds']}"
        if view["phase"] == "bidding":
            return f"{who} to bid, {where}"
        if view["trick"] is None:
            return f"{who} to lead, {where}"
        return f"{who} to follow {view['trick']['suit']}, {where}"

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """Every card of the game as it stands, as (label, text) rows, from a full view."""
        rows = []
        if view["hands"] is not None:
            rows += [
                (f"{name} (seat {seat}), hand", _cards(view["hands"][seat]))
                for seat, name in enumerate(names)
            ]
            rows.append(("Set aside this round", _cards(view["set_aside"])))
        if view["trick"]:
            trick = view["trick"]
            plays = ", ".join(f"{names[p['seat']]} {p['card']}" for p in trick["plays"])
            rows.append((f"This trick ({trick['suit']})", plays))
        if view["bids"]:
            rows.append(("Bids", ", ".join(f"{names[b['seat']]} {b['n']}" for b in view["bids"])))
        rows.append(("Tricks taken", " ".join(str(n) for n in view["taken"])))
        rows.append(("Scores", " ".join(str(score) for score in view["scores"])))
        return rows


SITE = XactikaSite()
