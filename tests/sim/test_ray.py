"""The Ray backend: the same rows as one process, resumable, from the API and the command line.

Ray binds the host's address, so these tests run only inside their own network namespace with just
loopback up (`make test` runs them as
`unshare -n sh -c 'ip link set lo up && exec .venv/bin/pytest -m ray'`); elsewhere they are skipped.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.sim.backends import Backend, RayBackend
from parlor.sim.execute import run_study

from .helpers import Interrupt, small_study, stop_after
from .statgame import PLUGIN

TESTS = Path(__file__).resolve().parents[1]


def only_loopback() -> bool:
    """Whether this process sits in a network namespace whose only interface is loopback."""
    try:
        return {name for _, name in socket.if_nameindex()} <= {"lo"}
    except OSError:
        return False


pytestmark = [
    pytest.mark.ray,
    pytest.mark.skipif(not only_loopback(), reason="Ray binds the host address: run inside "
                       "`unshare -n sh -c 'ip link set lo up && exec pytest -m ray'`"),
]


def with_tests_on_path() -> str:
    """PYTHONPATH for Ray workers, which import the test games (sim.statgame, fixturegames)."""
    return os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    os.environ["PYTHONPATH"] = with_tests_on_path()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_rows_of_one_process(ray_local: None) -> None:
    study = small_study()
    alone = run_study(study, Backend(), batch_size=5).rows
    with RayBackend() as backend:
        assert backend.parallelism() == 2
        on_ray = run_study(study, backend, batch_size=5)
    assert on_ray.rows == alone and sorted(on_ray.ran) == list(range(10))


def test_an_interrupted_ray_study_resumes_where_it_stopped(ray_local: None, tmp_path: Path) -> None:
    study = small_study()
    with pytest.raises(Interrupt), RayBackend() as backend:
        run_study(study, backend, tmp_path, batch_size=4, on_progress=stop_after(8))
    kept = len(list((tmp_path / "batches").iterdir()))
    assert 2 <= kept < 12
    with RayBackend() as backend:
        resumed = run_study(study, backend, tmp_path)
    assert len(resumed.skipped) == kept and len(resumed.ran) == 12 - kept
    assert resumed.rows == run_study(study, Backend(), batch_size=4).rows


def test_simulate_on_ray_from_the_command_line(ray_local: None, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [
        "simulate", "stat_bids", "--plugin", PLUGIN, "-n", "12", "--players", "3",
        "--bots", "greedy,random", "--backend", "ray", "--batch-size", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stdout
    text = " ".join(result.stdout.split())
    assert "12 games" in text and "(a Ray cluster, 2 workers, 4 games per batch)" in text
    local = CliRunner().invoke(app, [
        "simulate", "stat_bids", "--plugin", PLUGIN, "-n", "12", "--players", "3",
        "--bots", "greedy,random", "--workers", "1", "--batch-size", "4", "--out", str(tmp_path / "l")])
    assert local.exit_code == 0
    assert (tmp_path / "games.parquet").read_bytes() == (tmp_path / "l" / "games.parquet").read_bytes()


def test_simulate_on_an_existing_cluster_by_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    """A two-node cluster started apart from the command, which joins it with --ray-address."""
    cluster_utils = pytest.importorskip("ray.cluster_utils")
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("PYTHONPATH", with_tests_on_path())
    cluster = cluster_utils.Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        cluster.add_node(num_cpus=1)
        args = ["-n", "10", "--players", "2", "--bots", "greedy,random", "--batch-size", "3"]
        proc = subprocess.run(
            [sys.executable, "-m", "parlor.cli.main", "simulate", "stat_bids", "--plugin", PLUGIN, *args,
             "--backend", "ray", "--ray-address", cluster.address, "--out", str(tmp_path / "c")],
            capture_output=True, text=True, timeout=120)
    finally:
        cluster.shutdown()
    assert proc.returncode == 0, proc.stderr
    assert "(a Ray cluster, 2 workers, 3 games per batch)" in " ".join(proc.stdout.split())
    local = CliRunner().invoke(app, ["simulate", "stat_bids", "--plugin", PLUGIN, *args, "--workers", "1",
                                     "--out", str(tmp_path / "l")])
    assert local.exit_code == 0
    assert (tmp_path / "c" / "games.parquet").read_bytes() == (tmp_path / "l" / "games.parquet").read_bytes()


def test_the_starroad_lab_on_ray_gives_the_figures_of_one_process(ray_local: None,
                                                                   tmp_path: Path) -> None:
    """`parlor starroad lab --backend ray`, as for studies: the lab's policies and its object
    counter run in Ray's workers, and the report equals one process's."""
    args = ["starroad", "lab", "-n", "6", "--players", "4", "--policies", "rusher,defender",
            "--seed", "3"]
    on_ray = CliRunner().invoke(app, [*args, "--backend", "ray", "--json", str(tmp_path / "r.json")])
    assert on_ray.exit_code == 0, on_ray.output
    assert "ray, 2 workers" in " ".join(on_ray.stdout.split())
    alone = CliRunner().invoke(app, [*args, "--workers", "1", "--json", str(tmp_path / "l.json")])
    assert alone.exit_code == 0, alone.output
    ray_report, local = (json.loads((tmp_path / name).read_text(encoding="utf-8"))
                         for name in ("r.json", "l.json"))
    for key in ("objects", "by_policy", "by_seat", "by_position", "pairings", "length"):
        assert ray_report[key] == local[key], key
