"""Which usernames a person may choose: none that poses as a bot, as the staff or as the
site, and none that looks like somebody else's name.

Two names that a reader cannot tell apart have the same *skeleton*: the name put in
Unicode NFKC form (fullwidth "ｂｏｔ" is "bot"), case-folded, stripped of accents, with the
common look-alikes of Latin letters (Cyrillic and Greek letters, 0 for o, 1 and I for l,
"rn" for m, ...) replaced by the letter they imitate and the separators . _ + written as
"-". The skeleton is stored on each user (``User.name_skeleton``) so that a new name is
compared with every existing one in one indexed query. docs/security.md, "Usernames".
"""

import unicodedata

from django import forms
from django.contrib.auth import get_user_model

# Names of the bots' accounts start with this; nobody else's may.
BOT_USERNAME_PREFIX = "bot-"

# Whole names, or parts between separators, kept for the site and its staff.
RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "bot",
        "mod",
        "moderator",
        "moderators",
        "owner",
        "root",
        "staff",
        "support",
        "system",
        "xix",
        "xix-online",
        "xixonline",
    }
)

# Letters of other scripts (and digits) that look like a Latin letter, case-folded.
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "б": "b", "в": "b", "г": "r", "д": "d", "е": "e", "ё": "e", "з": "3",
        "і": "l", "ї": "l", "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "п": "n",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "ү": "y", "ɡ": "g",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "l", "κ": "k", "μ": "u",
        "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
        "ς": "c",
        # Digits and Latin letters that pass for others
        "0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "$": "s",
        # Separators and dashes
        "_": "-", ".": "-", "+": "-", "‐": "-", "‑": "-", "–": "-", "—": "-", "−": "-",
    }
)  # fmt: skip

# Letter pairs that read as one letter.
LOOK_ALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))

# Scripts whose letters imitate Latin ones: a name may use one of them, not several.
CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC")


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton pass for each other."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    bare = "".join(
        ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch)
    )
    shape = bare.translate(LOOK_ALIKES)
    for pair, letter in LOOK_ALIKE_PAIRS:
        shape = shape.replace(pair, letter)
    while "--" in shape:
        shape = shape.replace("--", "-")
    return shape.strip("-")


def scripts(name: str) -> set[str]:
    """The look-alike scripts (Latin, Cyrillic, Greek...) of the letters in ``name``."""
    found = set()
    for ch in unicodedata.normalize("NFKC", name):
        if ch.isalpha():
            script = unicodedata.name(ch, "").split(" ")[0]
            if script in CONFUSABLE_SCRIPTS:
                found.add(script)
    return found


RESERVED_SHAPES = frozenset(skeleton(word) for word in RESERVED)
BOT_PREFIX_SHAPE = skeleton(BOT_USERNAME_PREFIX) + "-"


def poses_as_bot(shape: str) -> bool:
    return shape.startswith(BOT_PREFIX_SHAPE)


def is_reserved(shape: str) -> bool:
    """Whether a skeleton poses as a bot, as the staff or as the site: it starts like a
    bot's name, or it or one of its parts between separators is a reserved word."""
    return (
        poses_as_bot(shape)
        or shape.replace("-", "") in RESERVED_SHAPES
        or bool(set(shape.split("-")) & RESERVED_SHAPES)
    )


def check_new_name(name: str, *, user=None) -> None:
    """Raise ``forms.ValidationError`` unless a person may take ``name`` (as ``user``, when
    renaming an existing account)."""
    User = get_user_model()  # the model imports this module (its name skeleton)
    shape = skeleton(name)
    if poses_as_bot(shape):
        raise forms.ValidationError(
            f"Usernames starting with “{BOT_USERNAME_PREFIX}” (or anything that looks like "
            "it) are kept for bots.",
            code="bot_username",
        )
    if is_reserved(shape):
        raise forms.ValidationError(
            "That username is kept for the site's bots and staff; choose another.",
            code="reserved",
        )
    if len(scripts(name)) > 1:
        raise forms.ValidationError(
            "A username must be written in one alphabet, not mix Latin, Cyrillic or Greek letters.",
            code="mixed_scripts",
        )
    others = User.objects.filter(name_skeleton=shape)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    if others.exists():
        raise forms.ValidationError(
            "That username looks too much like an existing player's; choose another.",
            code="look_alike",
        )
