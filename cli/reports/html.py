"""The HTML shell every report shares: it lives in journal/service/report_html.py (the page shows reports too)."""

from journal.service.report_html import LABEL_CHARS, STYLE, bar_chart, page, table

__all__ = ["LABEL_CHARS", "STYLE", "bar_chart", "page", "table"]
