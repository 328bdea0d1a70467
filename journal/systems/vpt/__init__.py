"""VPT («ВПТ», "Rules of Battles and Relationships"): its event payloads (``events``) and pure rules (``rules``).

Digest: rules/vpt.md; defaults for its gaps: RULINGS.md and docs/rulings.md (VPT).
"""
