"""The names of the files autogm keeps in its state directory (no imports: the command line
needs them before it loads anything else)."""

STATE_FILE = "autogm.db"
ARCHIVE_FILE = "archive.db"  # beside the state file
LOCK_FILE = "autogm.lock"  # held by the one `autogm run` of the state file
PAGES_DIR = "pages"  # forum pages the adapters did not understand, kept for a bug report
