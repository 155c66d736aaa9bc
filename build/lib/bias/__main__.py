"""`python -m bias …`: the command line."""

import sys

from bias.cli import main

sys.exit(main())
