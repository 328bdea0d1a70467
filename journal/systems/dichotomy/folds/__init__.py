"""Dichotomy projections: ``sheet``, the character sheets and adventure count of a campaign."""
