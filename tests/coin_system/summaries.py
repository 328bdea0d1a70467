"""The coin game's summary line."""

LINES = {"coin.flipped": lambda d: f"{d['character']} flips {d['face']}"}
