"""Lines of Python in the platform and in the minimal fifth game, at a git revision.

    python benchmarks/lines.py [REV ...]      # default: HEAD

What is counted: in every ``*.py`` file of the revision's tree (read with ``git show``,
so the working tree is not looked at), each line that is not blank and whose first
non-space character is not ``#``. Docstrings and other strings count as code; a comment
after code counts (its line holds code).

- **platform**: ``xix_site``, ``accounts``, ``chat``, ``games``, ``moderation``,
  ``notifications`` and ``ratings``, without any ``migrations`` folder and without the
  game packages (a folder ``games/<name>/`` that holds an ``engine`` folder);
- **tally**: ``tests/kit/tally``, the test-only game served through the interface alone
  (Python only: its templates are not counted).
"""

import subprocess
import sys

PLATFORM = ("xix_site", "accounts", "chat", "games", "moderation", "notifications", "ratings")
TALLY = "tests/kit/tally/"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def code_lines(text: str) -> int:
    return sum(
        1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    )


def measure(rev: str) -> dict[str, int]:
    paths = _git("ls-tree", "-r", "--name-only", rev).split("\n")
    games = {
        "/".join(path.split("/")[:2]) + "/"
        for path in paths
        if path.startswith("games/") and path.split("/")[2:3] == ["engine"]
    }
    totals = {"platform": 0, "tally": 0}
    for path in paths:
        if not path.endswith(".py"):
            continue
        if path.startswith(TALLY):
            part = "tally"
        elif path.split("/")[0] in PLATFORM and "migrations" not in path.split("/"):
            if any(path.startswith(game) for game in games):
                continue
            part = "platform"
        else:
            continue
        totals[part] += code_lines(_git("show", f"{rev}:{path}"))
    return totals


if __name__ == "__main__":
    for rev in sys.argv[1:] or ["HEAD"]:
        figures = measure(rev)
        print(f"{rev}: platform {figures['platform']} lines, tally {figures['tally']} lines")
