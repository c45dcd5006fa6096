"""The daemon's state file: the ``Store`` (``db``), the rows it hands out (``rows``) and its
schema migrations (``schema``)."""
