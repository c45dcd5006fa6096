"""Many games played: the work of one chunk of games, in local processes or on a cluster."""
