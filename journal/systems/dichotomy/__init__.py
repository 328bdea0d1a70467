"""Dichotomy («Дихотомия»): its event payloads (``events``) and pure rules (``rules``).

Digest: rules/dichotomy.md; defaults for its gaps: RULINGS.md and docs/rulings.md (Dichotomy).
"""
