"""The scheduled jobs, each a module that reads top to bottom as the steps it takes.

``polling`` (read the forum), ``inbox`` and ``votes_topic`` (orders in), ``override_effects``,
``vote_count``, ``closing`` (and ``approval`` for held results), ``starting``, ``reminders``,
``archive_job``. A job receives the ``Runtime`` (``runtime``): the config, the clock, the
forums, the store and the steps jobs share. ``runner`` is that runtime for one config;
``scheduler`` plans the jobs from the store.
"""
