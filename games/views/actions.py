"""The action-form reader, kept here under its old name: it lives in ``games.kit.forms``."""

from games.kit.forms import NUMBER, BadForm, Field, number, parse_action_form

__all__ = ["NUMBER", "BadForm", "Field", "number", "parse_action_form"]
