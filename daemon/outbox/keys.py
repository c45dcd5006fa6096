"""The dedupe keys of the posts that say a game began on the forum: its opening post in the
game topic, and the sign-up list post (created once, then edited, each edit a key of its own).

The start job and the sign-up topic send under these keys; ``daemon.jobs.forum_ahead`` looks
for their markers when the state file does not know a game the forum may show.
"""

from __future__ import annotations

from autogm.daemon.outbox.running_post import edit_key

# How many edits of the sign-up list are looked for (one per poll that changed the list).
LIST_EDITS = 500


def start_key(game: str) -> str:
    return f"start:{game}"


def signup_list_key(game: str) -> str:
    return f"signups:{game}:list"


def began(game: str) -> list[str]:
    """Every key whose post on the forum says the game began."""
    keys = [start_key(game), signup_list_key(game)]
    return keys + [edit_key(signup_list_key(game), n) for n in range(1, LIST_EDITS + 1)]
