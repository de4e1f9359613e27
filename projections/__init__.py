"""Read models rebuilt from the Tables notification log: lobby, scoreboards, player views, audit log."""
