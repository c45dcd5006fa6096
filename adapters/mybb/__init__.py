"""The MyBB adapter: MyBBForum speaks to a MyBB 1.8 board over HTTP."""

from autogm.adapters.mybb.forum import MyBBForum

__all__ = ["MyBBForum"]
