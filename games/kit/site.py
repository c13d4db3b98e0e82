"""What most games' pages share: the defaults of ``games.kit.interface.GameSite``.

A game's ``SITE`` class inherits them and sets or overrides the rest. Pure: no Django.
"""


class SiteDefaults:
    """No script, no stylesheet, no rules page, no first-game guide; the view's
    ``history`` is the log as it is, and every event writes one line of it."""

    stylesheets: tuple[str, ...] = ()
    guide: tuple = ()  # of games.kit.guide.GuideStep
    scripts: tuple[str, ...] = ()
    rules_template: str | None = None

    def history_lines(self, view: dict) -> list[str]:
        return view["history"]

    def lines_written(self, events) -> int:
        return len(events)
