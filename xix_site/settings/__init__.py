"""Settings for XIX Online.

base.py holds everything read from the environment; dev.py (the default for manage.py),
test.py (pytest) and production.py adjust it. See docs/settings.md for every variable.
"""
