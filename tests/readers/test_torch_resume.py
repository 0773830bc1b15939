"""A ShardDataset's state taken with N ranks x W workers resumes with M x V: no record of the epoch
repeated or skipped. Real processes where the layout is real (a gloo group, DataLoader workers);
records are counted against the files converted."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

import shardify.torch as st  # noqa: E402
from helpers.sources import REPO, convert  # noqa: E402
from shardify.errors import ReadOptionError  # noqa: E402

SAMPLES = REPO / "sample_data"
HELPERS = Path(__file__).parent.parent / "helpers"
pytestmark = [pytest.mark.filterwarnings("ignore:.set_vital. is deprecated")]


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/texts: 30 train records in 4 shards."""
    return convert(SAMPLES / "texts", tmp_path_factory.mktemp("texts"), shards="train=4,test=1")


def _epoch() -> Counter:
    root = SAMPLES / "texts"
    return Counter(p.relative_to(root).as_posix() for p in (root / "train").rglob("*") if p.is_file())


def _ranks(mode: str, output: Path, world_size: int, workers: int, extra: str) -> list[dict]:
    """Runs `world_size` ranks of tests/helpers/torch_resize_ranks.py in a gloo group."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(HELPERS)}
    command = [sys.executable, str(HELPERS / "torch_resize_ranks.py"), mode, str(output)]
    processes = [
        subprocess.Popen([*command, str(rank), str(world_size), str(port), str(workers), extra],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for rank in range(world_size)
    ]
    results = []
    try:
        for process in processes:
            out, err = process.communicate(timeout=180)
            assert process.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    return results


@pytest.fixture(scope="module")
def taken(texts: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], Path]:
    """(records read before, the merged state's file) of 2 ranks x 2 workers stopped after 3
    batches of 2 per rank: worker 0 of each rank gave 4 records, worker 1 gave 2."""
    pytest.importorskip("torchdata.stateful_dataloader", reason="a worker's state is taken through torchdata")
    results = _ranks("take", texts, 2, 2, "3")
    before = [source for result in results for source in result["read"]]
    assert [len(result["read"]) for result in results] == [6, 6]
    merged = st.merge_states([results[0]["states"]])  # every rank's StatefulDataLoader state, gathered by rank 0
    assert merged["remaining"] == 30 - 12 and merged["epoch"] == 1
    path = tmp_path_factory.mktemp("state") / "state.json"
    path.write_text(json.dumps(merged))
    return before, path


@pytest.mark.parametrize(("world_size", "workers"), [(3, 1), (1, 2)])
def test_a_state_of_2x2_resumes_with_other_ranks_and_workers(texts: Path, taken: tuple[list[str], Path],
                                                            world_size: int, workers: int) -> None:
    before, state = taken
    results = _ranks("resume", texts, world_size, workers, str(state))
    after = [source for result in results for source in result["read"]]
    assert [result["len"] for result in results] == [len(result["read"]) for result in results]
    assert Counter(before) + Counter(after) == _epoch()


def test_resizes_in_a_row_in_one_process_read_the_epoch_once(texts: Path) -> None:
    """4 ranks (num_workers=0, uneven progress) -> 3 ranks -> 2 ranks, each resumed from the
    merge of the states before it."""
    def readers(world_size: int, state: dict | None, counts: list[int]) -> tuple[list[str], list[dict]]:
        read, states = [], []
        for rank, count in enumerate(counts):
            ds = st.ShardDataset(str(texts), features=["source"], seed=9, rank=rank, world_size=world_size)
            if state is not None:
                ds.load_state_dict(json.loads(json.dumps(state)))
            iterator = iter(ds)
            read += [next(iterator)["source"] for _ in range(count)] if count >= 0 else [r["source"] for r in iterator]
            states.append(ds.state_dict())
        return read, states

    first, states = readers(4, None, [1, 5, 0, 3])
    second, states = readers(3, st.merge_states(states), [4, 2, 2])
    assert st.merge_states(states)["remaining"] == 30 - 9 - 8
    third, _ = readers(2, st.merge_states(states), [-1, -1])
    assert Counter(first) + Counter(second) + Counter(third) == _epoch()


def test_the_epoch_order_does_not_depend_on_the_layout(texts: Path) -> None:
    def order(world_size: int) -> list[str]:
        return [r["source"] for rank in range(world_size)
                for r in st.ShardDataset(str(texts), features=["source"], seed=4, rank=rank, world_size=world_size)]

    assert order(1) == order(2) == order(3) == order(7)


def test_merging_needs_every_reader_of_one_checkpoint(texts: Path) -> None:
    states = []
    for rank in range(2):
        ds = st.ShardDataset(str(texts), features=["source"], seed=1, rank=rank, world_size=2)
        next(iter(ds))
        states.append(ds.state_dict())
    with pytest.raises(ReadOptionError, match=r"readers \[\[1, 0\]\] .* are missing"):
        st.merge_states(states[:1])
    with pytest.raises(ReadOptionError, match="different epochs"):
        st.merge_states([states[0], {**states[1], "epoch": 5}])
    with pytest.raises(ReadOptionError, match="no ShardDataset state"):
        st.merge_states([{"position": 3}])
    lone = st.ShardDataset(str(texts), features=["source"], seed=1, rank=1, world_size=2)
    lone.load_state_dict(states[0])  # one reader's of two: only that reader resumes it
    with pytest.raises(ReadOptionError, match="merge_states"):
        next(iter(lone))


def test_several_ranks_without_a_seed_are_refused(texts: Path) -> None:
    with pytest.raises(ReadOptionError, match="same seed"):
        st.ShardDataset(str(texts), rank=0, world_size=2)


def test_a_lone_readers_state_resumes_with_several_ranks(texts: Path) -> None:
    """One process with num_workers=0 read the whole of its layout: its state alone says what is left."""
    lone = st.ShardDataset(str(texts), features=["source"], seed=6)
    iterator = iter(lone)
    before = [next(iterator)["source"] for _ in range(11)]
    state = json.loads(json.dumps(lone.state_dict()))
    after = []
    for rank in range(2):
        ds = st.ShardDataset(str(texts), features=["source"], seed=6, rank=rank, world_size=2)
        ds.load_state_dict(state)
        assert len(ds) == (30 - 11) // 2 + (rank < (30 - 11) % 2)
        after += [r["source"] for r in ds]
    assert Counter(before) + Counter(after) == _epoch()
