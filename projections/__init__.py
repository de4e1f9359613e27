"""Read models rebuilt from the ``Tables`` notification log: lobby, scoreboards, player views, table log.

They follow the log with tracking (exactly once), can each be dropped and rebuilt from zero, and
are what the API's lists, scoreboards and logs read (``projections.queries.ReadModels``).
"""
