"""The named policies a simulation may use (``--policy NAME``)."""

from __future__ import annotations

from autogm.simulator.policies.base import Policy
from autogm.simulator.policies.informed import InformedPolicy
from autogm.simulator.policies.random_policy import RandomPolicy

POLICIES: dict[str, type[Policy]] = {p.name: p for p in (RandomPolicy, InformedPolicy)}
