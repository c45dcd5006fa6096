"""Finished games kept whole in SQLite: ``write`` archives them (``rows`` are the rows a
replayed game becomes), ``schema`` is the database, ``views`` reads it back."""
