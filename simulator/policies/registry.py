"""The named policies a simulation may use (``--policy NAME``)."""

from __future__ import annotations

from simulator.policies.base import Policy
from simulator.policies.informed import InformedPolicy
from simulator.policies.random_policy import RandomPolicy

POLICIES: dict[str, type[Policy]] = {p.name: p for p in (RandomPolicy, InformedPolicy)}
