"""XIX's first-game guide (``games.kit.guide``): each step as its moment first comes."""

from games.kit.guide import START, GuideStep

OLDER = frozenset({"standard", "talon"})
V2 = frozenset({"v2"})

GUIDE = (
    GuideStep(
        "welcome",
        START,
        "Welcome to XIX",
        "Eighteen cards, numbered 1 to 18. Your closed hand, at the bottom, is yours alone; "
        "the open hand beside it is face up for both of you, and the row of five cards "
        "between you is face down. You win points by winning exchanges: an exchange is a "
        "run of tricks that ends when one of you has taken three of them.",
        OLDER,
    ),
    GuideStep(
        "welcome",
        START,
        "Welcome to XIX",
        "Eighteen cards, numbered 1 to 18. Your hand, at the bottom, is yours alone, and "
        "the strike row of five cards between you is face down. You win points by winning "
        "exchanges: an exchange is a run of tricks that ends when one of you has taken "
        "three of them. The first to 19 points wins the game.",
        V2,
    ),
    GuideStep(
        "play",
        "play",
        "Playing a trick",
        "The leader plays a card, then the other player answers with one. The higher card "
        "takes the trick, except when the two add up to exactly 19: then the order is "
        "overturned (in the standard and 2.0 rules the lower card takes it; in the talon "
        "variant, the card played second). Click a card to play it: the cards you may "
        "play are the ones you can press.",
    ),
    GuideStep(
        "decide",
        "raise",
        "Raise or abandon",
        "You lost a trick, so you took a strike. Now decide: raise, and the exchange will "
        "be worth more to whoever wins it, or abandon it, and your opponent scores it at "
        "the stakes shown. A third strike ends the exchange by itself.",
        OLDER,
    ),
    GuideStep(
        "slide",
        "slide",
        "Slide a row card",
        "You lost a trick, so you took a strike: slide one row card towards you and look "
        "at it. Your opponent sees which position you chose, not the card. Three strikes "
        "and the exchange is lost; it is worth 3, 5 or 8 points by how many strikes were "
        "given out in it.",
        V2,
    ),
    GuideStep(
        "draft",
        "draft",
        "The draft",
        "The exchange is over and the cards played in it are up for grabs. The loser "
        "chooses first, then you take turns, one card each, until both hands are full "
        "again. Click a card in the draft pool to take it.",
    ),
    GuideStep(
        "trade",
        "trade",
        "The trade",
        "You lost the exchange, so you swap one of your cards for one card of the row: "
        "choose the card you give and the row position you take, then press Trade. A "
        "face-down row card is a surprise: only you will see it.",
    ),
)
