"""shardify.torch.MixedDataset reads several real conversions as one PyTorch stream by weight:
proportions in every reader (DataLoader workers), labels kept or merged by name (checked against
each record's own text), the epoch's end, and an exact resume from a state. Records are counted
against the files converted."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

from torch.utils.data import DataLoader  # noqa: E402

import shardify.torch as st  # noqa: E402
from helpers.sources import convert, labelled_texts  # noqa: E402
from shardify.errors import ReadOptionError  # noqa: E402
from shardify.format.manifest import load_manifest  # noqa: E402
from shardify.read.mix_plan import MIX_SOURCE  # noqa: E402


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(cat, dog) with 400 records in 4 shards, and (bird, dog) with 60 in 4."""
    base = tmp_path_factory.mktemp("torch_mix")
    first = labelled_texts(base / "src_a", {"cat": 200, "dog": 200})
    second = labelled_texts(base / "src_b", {"bird": 30, "dog": 30})
    return convert(first, base / "a", shards=4), convert(second, base / "b", shards=4)


def _records(ds, workers: int = 0) -> list[dict]:
    loader = DataLoader(ds, batch_size=None, num_workers=workers)
    return [dict(record) for record in loader]


def test_proportions_hold_with_workers_and_every_record_is_real(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    records = _records(st.MixedDataset({str(a): 0.7, str(b): 0.3}, num_records=2000, seed=2), workers=2)
    assert len(records) == 2000
    share = Counter(int(r[MIX_SOURCE]) for r in records)[0] / len(records)
    assert abs(share - 0.7) <= 0.01
    texts = {0: {f"a {c} text number {i}\n" for c in ("cat", "dog") for i in range(200)},
             1: {f"a {c} text number {i}\n" for c in ("bird", "dog") for i in range(30)}}
    assert all(r["text"] in texts[int(r[MIX_SOURCE])] for r in records)


def test_merged_labels_name_each_records_own_class(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    ds = st.MixedDataset({str(a): 1.0, str(b): 1.0}, labels="merged", num_records=300)
    assert sorted(ds.label_names) == ["bird", "cat", "dog"]
    for r in _records(ds):
        assert ds.label_names[int(r["label"])] == r["text"].split()[1]
    kept = {0: load_manifest(str(a)).labels, 1: load_manifest(str(b)).labels}
    for r in _records(st.MixedDataset({str(a): 1.0, str(b): 1.0}, num_records=100)):
        assert kept[int(r[MIX_SOURCE])][int(r["label"])] == r["text"].split()[1]


def test_an_epoch_ends_when_an_output_runs_out_each_record_once(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    records = _records(st.MixedDataset({str(a): 0.5, str(b): 0.5}, seed=1, shuffle=True), workers=2)
    per_source = Counter(int(r[MIX_SOURCE]) for r in records)
    assert per_source[1] >= 30 and per_source[1] <= 60 and per_source[0] < 400
    assert max(Counter((int(r[MIX_SOURCE]), r["text"]) for r in records).values()) == 1


def test_a_state_resumes_the_mixture_exactly(outputs: tuple[Path, Path]) -> None:
    a, b = outputs

    def make() -> st.MixedDataset:
        return st.MixedDataset({str(a): 0.6, str(b): 0.4}, num_records=120, seed=4, shuffle=True)

    ds = make()
    stream = iter(ds)
    first = [next(stream)["text"] for _ in range(37)]
    state = ds.state_dict()
    rest = [r["text"] for r in stream]
    resumed = make()
    resumed.load_state_dict(state)
    assert [r["text"] for r in resumed] == rest
    assert len(first) + len(rest) == 120


def test_outputs_of_different_kinds_are_refused(outputs: tuple[Path, Path], converted: Path) -> None:
    a, _ = outputs
    with pytest.raises(ReadOptionError, match="gives records unlike"):
        st.MixedDataset({str(a): 1.0, str(converted): 1.0})
    with pytest.raises(ReadOptionError, match="weights must be finite numbers above 0"):
        st.MixedDataset({str(a): -1.0})
