"""Forum adapters, by the name a config file uses for them."""

from adapters.local import LocalForum
from adapters.phpbb import PhpBBForum

ADAPTERS = {"phpbb": PhpBBForum, "local": LocalForum}
