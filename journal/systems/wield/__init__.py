"""Wield («Владетели», "Wield: Chronicle of Vatcha"): its event payloads (``events``) and pure rules (``rules``).

Digest: rules/wield.md; defaults for its gaps: RULINGS.md and docs/rulings.md (Wield).
"""
