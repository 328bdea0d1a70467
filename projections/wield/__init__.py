"""Wield's projections: ``sheet`` (vatcha and hero sheets), ``geis`` (debts to Fate), ``control`` (Control standings).

Each module keeps the projection contract of :mod:`projections`: ``initial()`` and ``apply(state, event)``.
"""
