"""A player's rating history as a small line chart, drawn on the server as inline SVG.

``rating_chart`` does the geometry; templates/ratings/_chart.svg draws it. No JavaScript.
"""

from dataclasses import dataclass

WIDTH = 320
HEIGHT = 120
PAD_LEFT = 40  # room for the rating labels on the left
PAD_RIGHT = 8
PAD_Y = 10
MIN_SPAN = 40  # a flat history still gets a readable vertical scale


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # "x,y x,y ..." for <polyline>
    last_x: float
    last_y: float
    top: int  # the rating at the top edge of the plot
    bottom: int  # the rating at the bottom edge
    top_y: float
    bottom_y: float
    plot_left: int
    plot_right: int
    first: int
    last: int
    games: int

    @property
    def label(self) -> str:
        games = f"{self.games} game{'' if self.games == 1 else 's'}"
        return f"Rating history: {self.first} to {self.last} over {games}"


def rating_chart(changes) -> Chart | None:
    """The chart of a sequence of rating changes (oldest first), or None when there are none.

    It starts at the rating before the first game and has one point after each game.
    """
    changes = list(changes)
    if not changes:
        return None
    values = [changes[0].before] + [change.after for change in changes]
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    plot_width = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_height = HEIGHT - 2 * PAD_Y

    def x(i: int) -> float:
        return round(PAD_LEFT + plot_width * i / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(PAD_Y + plot_height * (high - value) / (high - low), 1)

    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        last_x=x(len(values) - 1),
        last_y=y(values[-1]),
        top=round(high),
        bottom=round(low),
        top_y=y(high),
        bottom_y=y(low),
        plot_left=PAD_LEFT,
        plot_right=WIDTH - PAD_RIGHT,
        first=round(values[0]),
        last=round(values[-1]),
        games=len(changes),
    )
