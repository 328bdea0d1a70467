"""A tiny fifth rule system, registered in tests only: a coin-flip game with one verb and one sheet field.

It shows what adding a system takes: this folder (payloads, a fold, a command, a CLI group, summary
lines) and the one registration line in ``descriptor.py``.  Nothing outside it changes.
"""
