import sys

from .cli import main

try:
    raise SystemExit(main())
except BrokenPipeError:  # the reader closed the pipe (`... | head`): nothing more to say
    sys.stderr.close()
    raise SystemExit(0)
