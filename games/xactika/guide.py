"""Xactika's first-game guide (``games.kit.guide``): each step as its moment first
comes."""

from games.kit.guide import START, GuideStep

GUIDE = (
    GuideStep(
        "welcome",
        START,
        "Welcome to Xactika",
        "Every card shows balls, cubes, cones and stars, one to three of each; its value is "
        "how many shapes it shows, 4 to 12. A round has eight tricks, and at its end every "
        "hand is empty.",
    ),
    GuideStep(
        "bid",
        "bid",
        "Your bid",
        "Say how many of the eight tricks you will take this round. Only the exact number "
        "pays: every trick too many or too few costs you. The dealer bids last and may not "
        "make the bids add up to exactly 8. Choose a number and send it.",
    ),
    GuideStep(
        "play",
        "play",
        "A trick",
        "Whoever leads plays any card and calls one of its shapes: that shape, in the "
        "number the card shows, is the trick's suit (lead 2132 calling cones and the suit "
        "is 3 cones). The others must follow with a card of that suit if they have one. "
        "The highest value in the suit takes the trick; on a tie the card played last "
        "wins. The cards you may play are the ones you can press.",
    ),
)
