"""The simulated players: what each one knows, the orders open to them, how they write them,
and the named policies that choose (``POLICIES``)."""
