"""``python -m daemon``: the autogm command."""

import sys

from daemon.cli import main

sys.exit(main())
