"""``python -m daemon``: the autogm command."""

import sys

from daemon.cli.main import main

sys.exit(main())
