"""``python -m autogm.daemon``: the autogm command."""

import sys

from autogm.daemon.cli.main import main

sys.exit(main())
