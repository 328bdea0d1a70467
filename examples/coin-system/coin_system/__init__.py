"""A fifth rule system, installed as a package of its own: a coin-flip game (``pip install ./examples/coin-system``).

It shows what adding a system takes: this package (payloads, folds, commands, a CLI group, summary lines, words,
a tally rule, a bond, a chart, a page panel, a query, a house rule, a demo, its Russian) and the one entry point
in its pyproject.toml that names its descriptor.  No file of the journal changes.
"""
