// History: SQLite run history (issue 12).
