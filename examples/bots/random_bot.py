#!/usr/bin/env python3
"""A random bot for any tabletop game, in the JSON-lines bot protocol.

One JSON object a line on stdin; answer each "move" with one line on
stdout. See docs/bot-protocol.md. Try it:
  cargo run --release --example arena -- --game pig \
      --bots 'exec(cmd=python3 examples/bots/random_bot.py),random'
"""
import json
import random
import sys

rng = random.Random()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        # The arena's seed: the same seed plays the same game.
        rng.seed(int(message["seed"]))
    elif message["type"] == "move":
        choice = rng.randrange(len(message["legal"]))
        print(json.dumps({"index": choice}), flush=True)
    elif message["type"] == "end":
        break
