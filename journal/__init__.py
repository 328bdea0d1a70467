"""The campaign journal: an event-sourced, tamper-evident record of tabletop role-playing campaigns."""

__version__ = "0.1.0"
