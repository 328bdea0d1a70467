"""Wield's projections: ``sheet`` (vatcha and hero sheets), ``geis`` (debts to Fate), ``control`` (Control standings)
and ``actions`` (what the commands look up).

Each module keeps the projection contract of :mod:`projections`: ``initial()`` and ``apply(state, event)``.
Each keeps its own copy of ``_ledger`` (who lives, geasa sealed and broken, rolled successes), which judges
whether a breach or a failure collected counts; no fold reads a running total from a payload.
"""
