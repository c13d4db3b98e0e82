"""ONEXENO (Ray Lauzzana, Penrose Press): the pattern-matching card game on a 5 by 5 field."""
