"""The names of the files autogm keeps in its state directory (no imports: the command line
needs them before it loads anything else)."""

STATE_FILE = "autogm.db"
ARCHIVE_FILE = "archive.db"  # beside the state file
