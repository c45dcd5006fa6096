"""Games played on a Dask distributed cluster (``--cluster ADDRESS``, the ``cluster`` extra):
the same chunks as the local runner, sent to the cluster's workers, for a GM or a community
that wants millions of games. The workers need autogm installed (the same version)."""

from __future__ import annotations

from collections.abc import Callable

from autogm.simulator.run.local import CHUNK
from autogm.simulator.run.work import Job, chunks, run_chunk
from autogm.simulator.stats.summary import GameSummary


class ClusterError(RuntimeError):
    """The cluster cannot be used: told in one line."""


def run_cluster(
    job: Job,
    games: int,
    address: str,
    on_chunk: Callable[[list[GameSummary]], None] | None = None,
) -> list[GameSummary]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError(
            "--cluster needs Dask distributed: pip install 'autogm[cluster]'"
        ) from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the cluster at {address}: {exc}") from None
    found: list[GameSummary] = []
    try:
        [shared] = client.scatter([job], broadcast=True)
        futures = [
            client.submit(run_chunk, shared, start, stop, pure=False)
            for start, stop in chunks(games, CHUNK)
        ]
        for future in as_completed(futures):
            done = future.result()
            found.extend(done)
            if on_chunk:
                on_chunk(done)
    finally:
        client.close()
    return found
