"""The HTTP server: another client of the service layer (``journal serve``).

It parses requests, calls the same service functions the CLI calls, and renders JSON; every rule of
the game and of the journal lives in the service.  ``web.app.create_app(db_url)`` builds the app.
"""
