"""ONEXENO's first-game guide (``games.kit.guide``): each step as its moment first
comes."""

from games.kit.guide import START, GuideStep

GUIDE = (
    GuideStep(
        "welcome",
        START,
        "Welcome to ONEXENO",
        "Each square card has a border of eight cells, dark or light; its number is how "
        "many are dark, and that is what it is worth. Together you build a field of at "
        "most five by five cards. The site draws a card into your hand at the start of "
        "each of your turns while the stack lasts.",
    ),
    GuideStep(
        "place",
        "place",
        "Lay a card",
        "Pick a card from your hand, turn it as you like, and lay it on an empty cell "
        "beside, above or below a card of the field, so that every border that touches "
        "another card continues across the seam: dark against dark, light against light. "
        "The cells where the picked card fits are marked. You may also pass.",
    ),
    GuideStep(
        "tricks",
        "place",
        "Complete a line, take its cards",
        "A row, a column or a diagonal of five cards is a trick: whoever lays its fifth card "
        "takes all five. Cards still in your hand when the game ends count against you, so "
        "lay the valuable ones while you can.",
    ),
)
