"""The ``autogm`` command: ``main`` (every subcommand), the archive commands (their arguments
in ``archive_cli``, the work in ``archive_commands``) and ``demo``."""
