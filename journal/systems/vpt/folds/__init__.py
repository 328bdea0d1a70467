"""VPT projections: ``sheet`` (per-character sheets and the campaign's weapon table) and ``bonds``
(Relationship and Revenge standings as a table of pairs, with frozen old revenges).

Each module keeps the projection contract of :mod:`projections`: ``initial()`` and ``apply(state, event)``.
"""
