"""The client: one thread on the event stream, one thread per game being played."""

import json
import logging
import threading
import time

import httpx

log = logging.getLogger("xixbot")

# Seconds without a byte (not even a keep-alive line) after which a stream is opened again.
STREAM_SILENCE = 30


class Player:
    """Plays an account's games through the API. ``board``: the account is a person's
    (the ``/api/board/`` endpoints, ``board:play``), else a bot account (``/api/bot/``,
    ``bot:play``). ``games``: stop after this many games have ended (None: never)."""

    def __init__(self, url, token, *, level="strong", board=False, games=None, accept=True):
        self.http = httpx.Client(
            base_url=url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}"},
            timeout=httpx.Timeout(30, read=STREAM_SILENCE),
        )
        self.level = level
        self.kind = "board" if board else "bot"
        self.games_left = games
        self.accept = accept
        self.playing: dict[int, threading.Thread] = {}
        self.finished: set[int] = set()
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.lock = threading.Lock()

    # --- requests ---------------------------------------------------------------------

    def request(self, method: str, path: str, body=None) -> httpx.Response:
        """One request, waiting out a 429 as its Retry-After says."""
        while True:
            response = self.http.request(method, path, json=body)
            if response.status_code != 429:
                return response
            wait = float(response.headers.get("Retry-After", "1"))
            log.warning("rate limited on %s: waiting %s s", path, wait)
            time.sleep(wait)

    def lines(self, path: str):
        """The JSON lines of a stream, opened again whenever it ends (a long-poll, a lost
        connection), until ``stop``; keep-alive lines skipped."""
        while not self.stop.is_set():
            try:
                with self.http.stream("GET", path) as response:
                    if response.status_code == 429:
                        time.sleep(float(response.headers.get("Retry-After", "1")))
                        continue
                    if response.status_code != 200:
                        response.read()
                        raise RuntimeError(f"{path}: {response.status_code} {response.text}")
                    for line in response.iter_lines():
                        if self.stop.is_set():
                            return
                        if line.strip():
                            yield json.loads(line)
            except httpx.TransportError as error:
                log.info("stream %s broke (%s): opening it again", path, error)
                time.sleep(0.5)

    # --- the account's events ---------------------------------------------------------

    def challenge(self, *, game, variant, seats=2, invite=(), days_per_move=3) -> int:
        body = {
            "game": game,
            "variant": variant,
            "seats": seats,
            "invite": list(invite),
            "days_per_move": days_per_move,
        }
        response = self.request("POST", "/api/challenges", body)
        if response.status_code != 200:
            raise RuntimeError(f"challenge refused: {response.status_code} {response.text}")
        return response.json()["id"]

    def can_play(self, event) -> bool:
        from games import registry

        return (
            event["game"] in registry.ENGINES and self.level in registry.bots(event["game"]).LEVELS
        )

    def on_event(self, event) -> None:
        kind = event["type"]
        if kind in ("challenge", "tableInvitation") and self.accept:
            verb = "accept" if self.can_play(event) else "decline"
            answer = self.request("POST", f"/api/challenges/{event['id']}/{verb}")
            log.info("%s %s %s: %s", verb, kind, event["id"], answer.status_code)
        elif kind == "gameStart":
            self.start_game(event["id"])

    def start_game(self, game_id: int) -> None:
        with self.lock:
            if game_id in self.playing or game_id in self.finished:
                return
            thread = threading.Thread(target=self.play, args=(game_id,), daemon=True)
            self.playing[game_id] = thread
        thread.start()

    def run(self) -> None:
        """Answer events until ``games`` games have ended (or forever)."""
        events = threading.Thread(target=self._events, daemon=True)
        events.start()
        while not self.stop.is_set():
            time.sleep(0.1)
            if self.errors:
                self.stop.set()
        events.join(timeout=1)

    def _events(self) -> None:
        try:
            for event in self.lines("/api/stream/event"):
                self.on_event(event)
        except Exception as error:  # noqa: BLE001 - reported by run()
            self.errors.append(f"events: {error!r}")

    # --- one game ---------------------------------------------------------------------

    def choose(self, game: str, view: dict, seat: int, seed: str) -> dict:
        from games import registry

        action = registry.bots(game).make_bot(self.level).choose(view, seed)
        return {"seat": seat, **action}

    def play(self, game_id: int) -> None:
        base = f"/api/{self.kind}/game/{game_id}"
        try:
            game = seat = None
            for line in self.lines(f"{base}/stream"):
                if line["type"] == "gameFull":
                    game, seat = line["game"], line["seat"]
                elif line["type"] == "gameGone":
                    break
                elif line["type"] == "chatLine":
                    log.info("game %s: %s says %r", game_id, line["username"], line["text"])
                    continue
                elif line["type"] != "gameState":
                    continue  # a kind of line this client does not know
                if line["status"] != "active":
                    break
                view = line["view"]
                if line["to_move"] != seat or not view.get("legal_actions"):
                    continue
                n = line["n_actions"]
                action = self.choose(game, view, seat, f"{game_id}/{n}")
                answer = self.request("POST", f"{base}/act", {"action": action, "n_actions": n})
                if answer.status_code not in (200, 409):  # 409: the stream brings the news
                    raise RuntimeError(f"act refused: {answer.status_code} {answer.text}")
        except Exception as error:  # noqa: BLE001 - reported by run()
            self.errors.append(f"game {game_id}: {error!r}")
        finally:
            self._ended(game_id)

    def _ended(self, game_id: int) -> None:
        with self.lock:
            self.playing.pop(game_id, None)
            self.finished.add(game_id)
            if self.games_left is not None and len(self.finished) >= self.games_left:
                self.stop.set()
