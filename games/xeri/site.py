"""Xeri's pages: what the platform's game page, replay, download and admin need from Xeri.

The shell (``games/views/play.py``, ``replay.py``, ``templates/games/game.html``) asks this
object, through ``games.registry.site("xeri")``, for the table's partials
(``games/xeri/templates/xeri/table.html``, ``replay.html``), their context, the action
form and the log's sentences. Everything is read from the engine's views (seat, spectator
or full): nothing here restates a rule.
"""

from games.kit.forms import Field, parse_action_form
from games.kit.site import SiteDefaults
from games.xeri.engine.cards import CARDS
from games.xeri.engine.setup import HAND, PILE
from games.xeri.guide import GUIDE

# A card button posts the card's index in the engine's ``CARDS`` (the form reads whole
# numbers only); ``parse_action`` turns it back into the card's code.
ACTIONS = {"play": {"card": Field("card", 0, len(CARDS) - 1, "Choose a card to play.")}}

SUITS = {"C": ("♣", "clubs"), "D": ("♦", "diamonds"), "H": ("♥", "hearts"), "S": ("♠", "spades")}
RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

# The score sheet's lines, in the order the rules page gives them.
SHEET_LINES = (
    ("honours", "Honours (A K Q J 10)"),
    ("two_of_clubs", "2 of clubs"),
    ("ten_of_diamonds", "10 of diamonds"),
    ("more_cards", "Most cards"),
    ("xeri_points", "Xeris"),
    ("total", "Round total"),
)


def card(code: str) -> dict:
    """A card as the templates draw it: rank, suit sign, colour, spoken name, form value."""
    rank, suit = code[:-1], code[-1]
    sign, suit_name = SUITS[suit]
    return {
        "code": code,
        "rank": rank,
        "sign": sign,
        "red": suit in "DH",
        "name": f"{RANKS.get(rank, rank)} of {suit_name}",
        "value": CARDS.index(code),
    }


def cards(codes) -> list[dict]:
    return [card(code) for code in codes or ()]


def short(code: str) -> str:
    """A card in a sentence: "7♥"."""
    return code[:-1] + SUITS[code[-1]][0]


def _short_list(codes) -> str:
    return " ".join(short(code) for code in codes) if codes else "none"


def _names(view: dict) -> list[str]:
    return view["names"] or [f"Seat {seat + 1}" for seat in range(view["seats"])]


def side_name(view: dict, side: int) -> str:
    """ "ann", or "ann and cy" for a partnership."""
    names = _names(view)
    return " and ".join(names[seat] for seat in view["sides"][side])


def _deals(seats: int) -> int:
    """Deals in a round: the cards past the starting pile, 6 to each seat a deal."""
    return (len(CARDS) - PILE) // (HAND * seats)


def card_words(code: str) -> str:
    """A card in a sentence, as its face reads: "the 9 of clubs", "the Jack of spades"."""
    return "the " + card(code)["name"]


def _card_list(codes) -> str:
    """ "the 7 of hearts, the 9 of clubs and the King of spades"."""
    words = [card_words(code) for code in codes]
    if len(words) < 2:
        return "".join(words) or "no cards"
    return ", ".join(words[:-1]) + " and " + words[-1]


def _viewer(view: dict):
    """The reading seat (a seat's view, or a player's after the match), else None."""
    return view.get("reader")


def _side_words(view: dict, side: int) -> tuple[str, bool]:
    """(name of the side for a sentence, whether its verb takes "s"): ("bob", True),
    ("you", False), ("you and cy", False), ("ann and cy", False)."""
    names = _names(view)
    seat = _viewer(view)
    members = ["you" if s == seat else names[s] for s in view["sides"][side]]
    members.sort(key=lambda name: name != "you")
    return " and ".join(members), len(members) == 1 and members[0] != "you"


def _line(event: dict, view: dict) -> str:
    """One logged event as a line (exactly one per event: the replay counts them; no
    closing full stop, as the replay joins a step's lines with semicolons). The reader is
    "You"; cards are named as their faces read ("the 9 of clubs")."""
    names = _names(view)
    seat = _viewer(view)

    def who(s: int) -> tuple[str, str]:
        """(subject, verb ending): ("You", ""), ("bob", "s")."""
        return ("You", "") if s == seat else (names[s], "s")

    kind = event["type"]
    if kind == "round":
        dealer, s = who(event["dealer"])
        return f"Round {event['round']}: {dealer} deal{s}"
    if kind == "redeal":
        return f"The starting pile, {_card_list(event['cards'])}, is shuffled back and dealt again"
    if kind == "pile":
        top = card_words(event["cards"][-1])
        return f"Starting pile: {_card_list(event['cards'])}; {top} on top"
    if kind == "deal":
        return f"Deal {event['deal']}: six new cards to each player"
    if kind == "play":
        player, s = who(event["seat"])
        text = f"{player} play{s} {card_words(event['card'])}"
        if not event["captured"]:
            return text
        taken = len(event["captured"]) - 1  # the pile's cards; the last is the card played
        text += f" and take{s} the pile ({taken} card{'' if taken == 1 else 's'})"
        if event["xeri"] == "jack_xeri":
            return text + ": a Jack xeri, 20 points!"
        if event["xeri"]:
            return text + ": a xeri, 10 points!"
        return text
    if kind == "last_pile":
        side, _s = _side_words(view, event["side"])
        count = len(event["cards"])
        cards = (
            "The last card on the table goes"
            if count == 1
            else f"The last {count} cards on the table go"
        )
        return f"{cards} to {side}, who took last"
    if kind == "score":
        totals = ", ".join(
            f"{_side_words(view, side['side'])[0]} {side['total']}" for side in event["sides"]
        )
        won = event["winner"]
        if won is None:
            winner = "a tie"
        else:
            side, one = _side_words(view, won)
            winner = f"{side} win{'s' if one else ''} the round"
        return f"Scores for round {event['round']}: {totals}; {winner}"
    return "The match is over"


def _sheets(view: dict) -> list[dict]:
    """Each finished round's score sheet as rows: (label, value of side 0, of side 1)."""
    result = []
    for sheet in view["sheets"]:
        sides = sheet["sides"]
        rows = [
            {"label": "Cards taken", "values": [side["cards"] for side in sides]},
            *(
                {"label": label, "values": [side[key] for side in sides], "total": key == "total"}
                for key, label in SHEET_LINES
            ),
        ]
        won = sheet["winner"]
        result.append(
            {
                "round": sheet["round"],
                "latest": sheet is view["sheets"][-1],
                "rows": rows,
                "winner": "Tied" if won is None else f"{side_name(view, won)} won it",
            }
        )
    return result


def _last_play(view: dict):
    """The latest card played in the view's history, as the table shows it."""
    names = _names(view)
    for event in reversed(view["history"]):
        if event["type"] == "play":
            return {
                "name": names[event["seat"]],
                "seat": event["seat"],
                "card": card(event["card"]),
                "captured": cards(event["captured"][:-1]),
                "xeri": event["xeri"],
            }
        if event["type"] == "round":  # a new round: nothing played in it yet
            return None
    return None


def _common(view: dict, seat) -> dict:
    """What the table and the replay both draw: the pile, the stock, the sides' captures,
    the round and deal, the last play and the score sheets."""
    side_names = [side_name(view, side) for side in (0, 1)]
    mine = None if seat is None else seat % 2
    return {
        "pile": cards(view["pile"]),
        "pile_under": cards(view["pile"][:-1]),
        "top": card(view["top"]) if view["top"] else None,
        "deals": _deals(view["seats"]),
        "last_play": _last_play(view),
        "captures": [
            {
                **captured,
                "faces": cards(captured["cards"]),
                "name": side_names[captured["side"]],
                "yours": captured["side"] == mine,
                "won": view["rounds_won"][captured["side"]],
                "total": view["totals"][captured["side"]],
            }
            for captured in view["captured"]
        ],
        "sheets": _sheets(view),
        "side_names": side_names,
        # each side's players, for the score sheet's heads (a name is never broken there):
        # the reader is "You", as in the log
        "side_members": [
            ["You" if s == seat else _names(view)[s] for s in view["sides"][side]]
            for side in (0, 1)
        ],
        "partners": view["seats"] == 4,
    }


class XeriSite(SiteDefaults):
    stylesheets = ("xeri/table.css",)
    # The game page's partials (file#name): table, panel, side, progress, over-line and
    # score-extra (beside each score), fed the shell's context plus ``table_context``.
    table_template = "xeri/table.html"
    guide = GUIDE  # the first-game guide's steps
    log_opens = "Round "  # the line that opens a round: "Round 2: bob deals"
    replay_template = "xeri/replay.html"
    rules_template = "xeri/rules.html"

    def parse_action(self, post) -> dict:
        """The action a table form posts (the card as its code); ``BadForm`` otherwise."""
        action = parse_action_form(post, ACTIONS)
        action["card"] = CARDS[action["card"]]
        return action

    def history_lines(self, view: dict) -> list[str]:
        """The log: one sentence per event of the view's history (all public)."""
        return [_line(event, view) for event in view["history"]]

    def table_context(self, view: dict, seat, seats: list[dict]) -> dict:
        """Each seat's hand (its cards for the viewer's own seat, else a count), its side,
        and whether it is the viewer's partner; the pile, the stock and the captures."""
        names = _names(view)
        # The viewer's partner (seat views name it; the full view after the end does not).
        partner = (seat + 2) % 4 if seat is not None and view["seats"] == 4 else None
        for entry in seats:
            s = entry["seat"]
            entry["count"] = view["hand_counts"][s]
            entry["backs"] = range(view["hand_counts"][s])
            entry["is_partner"] = s == partner
            entry["side"] = s % 2
            entry["won"] = view["rounds_won"][s % 2]
            entry["is_dealer"] = s == view["dealer"]
            if view["hands"] is not None:
                entry["hand"] = cards(view["hands"][s])
            elif entry["is_you"]:
                entry["hand"] = cards(view["hand"])
        you = seats[seat] if seat is not None else None
        return {
            **_common(view, seat),
            "you": you,
            # The viewer's seat last (nearest the bottom of the screen), the others in
            # playing order from the seat after it.
            "others": [entry for entry in _from(seats, seat) if not entry["is_you"]],
            "can_play": bool(view["legal_actions"]),
            "partner_name": names[partner] if partner is not None else "",
            "dealer_name": names[view["dealer"]] if view["dealer"] is not None else "",
            "unseen": cards(view["unseen"]),
        }

    def replay_context(self, view: dict, names: list[str], seat) -> dict:
        """The full view at one step: every hand face up, the viewer's (or seat 0's) last."""
        bottom = seat if seat is not None else 0
        replay_seats = [
            {
                "seat": s,
                "name": name,
                "is_you": s == seat,
                "hand": cards(view["hands"][s]),
                "to_move": view["to_move"] == s,
                "is_dealer": s == view["dealer"],
                "score": view["scores"][s],
            }
            for s, name in enumerate(names)
        ]
        return {
            **_common(view, bottom),
            "replay_seats": _from(replay_seats, bottom),  # the viewer's seat last
            "stock": view["stock"],
        }

    def replay_status(self, view: dict, names: list[str]) -> str:
        return (
            f"Round {view['round']} of {view['rounds']}, deal {view['deal']} of "
            f"{_deals(view['seats'])}: {names[view['to_move']]} to play"
        )

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """Every card as it stands (a full view): hands, stock in order, pile, captures."""
        rows = [
            (f"{name} (seat {seat}), hand", _short_list(view["hands"][seat]))
            for seat, name in enumerate(names)
        ]
        rows.append(("Stock, next card first", _short_list(view["stock_cards"])))
        rows.append(("Pile, top card last", _short_list(view["pile"])))
        for captured in view["captured"]:
            rows.append(
                (
                    f"Taken by {side_name(view, captured['side'])}",
                    f"{captured['count']} cards, {captured['xeris']} xeris, "
                    f"{captured['jack_xeris']} Jack xeris",
                )
            )
        rows.append(("Round", f"{view['round']} of {view['rounds']}, deal {view['deal']}"))
        rows.append(("Totals", " – ".join(str(total) for total in view["totals"])))
        return rows


def _from(entries: list, seat) -> list:
    """``entries`` (one per seat) starting at the seat after ``seat`` (seat 0 if None)."""
    start = 0 if seat is None else (seat + 1) % len(entries)
    return entries[start:] + entries[:start]


SITE = XeriSite()
