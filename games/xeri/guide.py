"""Xeri's first-game guide (``games.kit.guide``): each step as its moment first comes."""

from games.kit.guide import START, GuideStep

GUIDE = (
    GuideStep(
        "welcome",
        START,
        "Welcome to Xeri",
        "Everyone drops cards on one pile in the middle. Your six cards are at the bottom; "
        "the pile's top card is the one that counts. When the six cards are played, the "
        "site deals six more from the stock, until it runs out: that ends the round.",
    ),
    GuideStep(
        "play",
        "play",
        "Your turn: play one card",
        "A card of the same rank as the top card takes the whole pile, and so does a Jack; "
        "any other card goes on top and becomes the new top card. A card that can take "
        "must take. Click a card in your hand to play it.",
    ),
    GuideStep(
        "xeri",
        "play",
        "Xeris and points",
        "Taking a lone card with a card of the same rank is a xeri: 10 points, or 20 for a "
        "Jack on a lone Jack (a Jack on any other lone card is an ordinary take). Aces, "
        "Kings, Queens, Jacks and tens are worth 1 each (the ten of diamonds 2), the two of "
        "clubs 1, and taking more cards than the other side 3. So think twice before "
        "leaving a single card on the pile for the next player.",
    ),
)
