"""A game loop that records its games with the Python helper's Recorder, each game guarded by a
timeout, as docs/checking-your-engine.md shows. Its games are given (a JSON file: each game its
hands' lines and its game line, as the reference played them); game HANG, in its hand 1, falls into
the endless go loop of a real engine (the last card's player holds only cards that do not fit, the
other holds none, and the loop waits for a card that never comes); game CRASH raises there instead,
ending the process. Standard library only.

    python3 record.py OUT.jsonl GAMES.json HELPER_DIR [--hang N] [--crash N]
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from typing import Any

SECONDS = 0.5  # a game's time at the most


class Hung(Exception):
    """The game took longer than SECONDS: its loop is ended here."""


def hang_up(signum: int, frame: Any) -> None:
    raise Hung()


def endless_go(holding: dict[str, list[int]], count: int, turn: str) -> None:
    """The pegging loop of a buggy engine: it waits for a player who can play, and never resets the
    count when neither can (here A holds a 9 on 26, B nothing)."""
    while True:
        playable = [value for value in holding[turn] if count + value <= 31]
        if playable:
            count += playable[0]
            holding[turn].remove(playable[0])
        turn = "B" if turn == "A" else "A"


def play_game(record: Any, game: dict[str, Any], hang: bool, crash: bool) -> None:
    profile = game["profile"]
    for number, hand in enumerate(game["hands"]):
        record.begin_hand(profile, dealer=hand[-1]["input"]["dealer"], scores=hand[-1]["input"]["scores"])
        for line in hand:
            if number == 1 and line["op"] == "pegging":
                if crash:
                    raise RuntimeError("the engine crashed in its pegging")
                if hang:
                    endless_go({"A": [9], "B": []}, 26, "A")
            record.line(line["op"], profile, line["input"], ok=line["ok"])
    last = game["game"]
    record.line("game", profile, last["input"], ok=last["ok"])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("games")
    parser.add_argument("helper")
    parser.add_argument("--hang", type=int, default=-1)
    parser.add_argument("--crash", type=int, default=-1)
    args = parser.parse_args()
    sys.path.insert(0, args.helper)
    from adapter import Recorder

    with open(args.games, encoding="utf-8") as given:
        games = json.load(given)
    signal.signal(signal.SIGALRM, hang_up)
    with open(args.out, "w", encoding="utf-8") as out:
        record = Recorder(
            out, name="hangs", version="1", language="Python", profiles=["six-card"],
            operations=["show", "play", "pegging", "hand", "game"],
        )  # fmt: skip
        for number, game in enumerate(games):
            record.begin_game("six-card")
            signal.setitimer(signal.ITIMER_REAL, SECONDS)  # a game that hangs is ended, and reported by check
            try:
                play_game(record, game, number == args.hang, number == args.crash)
            except Hung:
                print(f"game {number} hung: ended after {SECONDS} s", file=sys.stderr)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
