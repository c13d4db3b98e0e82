"""The moves a game table offers, read from its HTML forms as a browser would send them:
shared by the load tests (locustfile.py and pages.py), standard library only."""

import html
import random
import re

FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
INPUT = re.compile(r"<input\b([^>]*)>")
BUTTON = re.compile(r"<button\b([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def attrs(tag: str) -> dict:
    return {k: html.unescape(v) for k, v in ATTR.findall(tag)}


def legal_moves(page: str, act_path: str) -> list[dict]:
    """Every complete form submission the table offers (one per button or radio pair)."""
    moves = []
    for form_attrs, body in FORM.findall(page):
        if f'action="{act_path}"' not in form_attrs:
            continue
        fields, radios, buttons = {}, {}, []
        for tag in INPUT.findall(body):
            a = attrs(tag)
            if a.get("type") == "hidden":
                fields[a["name"]] = a.get("value", "")
            elif a.get("type") == "radio":
                radios.setdefault(a["name"], []).append(a["value"])
        for tag in BUTTON.findall(body):
            a = attrs(tag)
            if "name" in a:
                buttons.append((a["name"], a.get("value", "")))
        if radios:
            move = dict(fields)
            for name, values in radios.items():
                move[name] = random.choice(values)
            moves.append(move)
        else:
            for name, value in buttons:
                moves.append({**fields, name: value})
    return moves
