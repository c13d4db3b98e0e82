"""``manage.py check_records PATH``: check game records of any registered format."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.registry import check_record

UNREADABLE = 2


def parse_records(text: str, one_record: bool) -> list:
    """The records in ``text``: one JSON document, or JSON lines (blank lines skipped).

    Raises ValueError naming the line when the text is not JSON.
    """
    if one_record:
        try:
            return [json.loads(text)]
        except json.JSONDecodeError as error:
            raise ValueError(f"not valid JSON: {error}") from error
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise ValueError(f"line {number} is not valid JSON: {error}") from error
    return records


class Command(BaseCommand):
    help = (
        "Check game records of every registered format (xix/1, ...), each by its own rules. "
        "PATH is a .json file with one record, a .jsonl file with "
        "one record per line, or - for standard input (one record, or one per line). "
        "Prints one JSON verdict per record. Exit status: 0 all legal, 1 some illegal, "
        "2 input unreadable or not JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help=".json, .jsonl, or - for standard input")

    def handle(self, *args, path, **options):
        text = self.read(path)
        if path.endswith(".json"):
            one_record = True
        elif path.endswith(".jsonl"):
            one_record = False
        else:  # standard input or another name: one document if it parses as one
            one_record = _is_one_document(text)
        try:
            records = parse_records(text, one_record)
        except ValueError as error:
            raise CommandError(f"{path}: {error}", returncode=UNREADABLE) from error
        illegal = 0
        out = []
        for record in records:
            verdict = check_record(record)
            illegal += not verdict["ok"]
            out.append(json.dumps(verdict))
        if out:
            self.stdout.write("\n".join(out))
        if illegal:
            raise CommandError(f"{illegal} of {len(records)} records are illegal", returncode=1)

    def read(self, path: str) -> str:
        try:
            if path == "-":
                return sys.stdin.read()
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}", returncode=UNREADABLE) from error


def _is_one_document(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    return True
