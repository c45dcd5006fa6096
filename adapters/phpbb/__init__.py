"""The phpBB adapter: PhpBBForum speaks to a phpBB 3.0-3.3 board over HTTP."""

from autogm.adapters.phpbb.forum import PhpBBForum

__all__ = ["PhpBBForum"]
