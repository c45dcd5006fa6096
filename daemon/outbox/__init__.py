"""Everything the daemon sends, sent exactly once.

``sending`` enqueues a job's posts and PMs in its transaction; ``outbox`` delivers them;
``message`` is what is sent (with its invisible marker), ``run`` one delivery run's waits and
back-off, ``lookup`` the search for a message whose fate is unknown.
"""
