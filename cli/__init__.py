"""The ``journal`` command line: thin click commands over journal.service (parse, call, print)."""
