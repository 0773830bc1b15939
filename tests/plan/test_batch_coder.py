"""The Beam coders of metadata batches: every field back as it went in, a size estimate near the
pickled size made from a sample (an upper bound of the compressed encoding), and the plan's PCollections encoded by them as the local
runner builds its pipelines (without Beam's type-hint check)."""

from __future__ import annotations

import pickle

import apache_beam as beam
import pytest
from apache_beam.options.pipeline_options import PipelineOptions

from shardify.beam_jobs import coders
from shardify.beam_jobs.plan import Plan, PlanContext
from shardify.format.inputs_file import HeldInput
from shardify.plan import layout, requests, shard_math
from shardify.plan.batches import SIZE_SAMPLE, Batch, Packed, estimated_size
from shardify.plan.entries import IMAGE, TEXT, Entry, MemberLocation, SourceObject
from shardify.plan.shard_plans import ShardTask


def _entries(count: int) -> list[Entry]:
    """Entries that differ in every way a field can, paths of very different lengths among them."""
    location = MemberLocation("a.tar", "tar", 1000, 512, 30)
    made = []
    for i in range(count):
        relpath = f"class_{i % 7}/" + "deep/" * (i % 13) + f"t_{i:06d}.txt"
        if i % 3 == 0:
            made.append(Entry(TEXT, relpath, i, "train", shard_math.sort_key(0, relpath), (f"class_{i % 7}",)))
        elif i % 3 == 1:
            made.append(Entry(TEXT, relpath, 0, "", 0, (), unlabelled=True))
        else:
            made.append(
                Entry(
                    IMAGE, relpath, 70, "test", 2**64 - 1, ("c", "d"), image_format="jpeg", height=2, width=3, channels=3,
                    objects=(SourceObject("cat", (0.0, -0.0, 1.5, 2.0)),), location=location, caption_file="c.txt",
                )
            )
    return made


def _same(left: list, right: list) -> bool:
    """Equal, with the same field order and types (-0.0 told from 0.0 by repr)."""
    return len(left) == len(right) and all(
        type(a) is type(b) and list(vars(a)) == list(vars(b)) and repr(a) == repr(b) for a, b in zip(left, right)
    )


def test_batch_coder_round_trips_every_field() -> None:
    entries = Batch(_entries(50))
    impl = coders.BatchCoder().get_impl()
    loaded = impl.decode(impl.encode(entries))
    assert type(loaded) is Batch and _same(loaded, entries)
    keyed = beam.coders.registry.get_coder(coders.KEYED_BATCHES).get_impl()  # nested, as a GroupByKey's input
    key, (count, packed) = keyed.decode(keyed.encode((("train", 3), (len(entries), Packed.of(entries)))))
    assert key == ("train", 3) and count == 50 and _same(packed.unpacked(), entries)
    held = Batch([HeldInput(f"a/{i}.txt", 1, 2.5, "0" * 64, "train", f"a/{i}.txt") for i in range(5)])
    assert impl.decode(impl.encode(held)) == held


def test_shard_task_coder_round_trips_its_entries() -> None:
    task = ShardTask("train", 2, 4, tuple(_entries(30)), version=3)
    impl = coders.ShardTaskCoder().get_impl()
    loaded = impl.decode(impl.encode(task))
    assert (loaded.split, loaded.index, loaded.num_shards, loaded.version) == ("train", 2, 4, 3)
    assert _same(list(loaded.entries), list(task.entries))


def test_packed_values_decode_to_their_bytes_alone() -> None:
    """What crosses a GroupByKey packed is never unpickled on the way, by its own coder or by
    Beam's default one (which pickles it): bytes that are no pickle come back as they went."""
    opaque = Packed(b"\x80not a pickle")
    for coder in (coders.PackedCoder(), beam.coders.registry.get_coder(object)):
        back = coder.get_impl().decode(coder.get_impl().encode(opaque))
        assert type(back) is Packed and back.data == opaque.data
    assert coders.PackedCoder().estimate_size(opaque) == len(opaque.data)
    entries = Batch(_entries(20))
    assert _same(Packed.of(entries).unpacked(), entries)


@pytest.mark.parametrize("count", [0, 1, SIZE_SAMPLE, SIZE_SAMPLE + 1, 1000, 5000])
def test_size_estimates_are_within_a_factor_of_two(count: int) -> None:
    entries = Batch(_entries(count))
    real = len(pickle.dumps(entries, pickle.HIGHEST_PROTOCOL))
    estimate = coders.BatchCoder().estimate_size(entries)
    assert real / 2 <= estimate <= real * 2
    assert len(coders.BatchCoder().encode(entries)) <= max(real, estimate) + 16  # compressed (+ zlib's framing)
    hashes = Batch((f"{i:064x}", "train", f"class_{i % 5}/t_{i:06d}.txt") for i in range(count))
    assert len(pickle.dumps(hashes)) / 2 <= estimated_size(hashes) <= len(pickle.dumps(hashes)) * 2
    task = ShardTask("train", 0, 1, tuple(entries))
    real_task = len(coders.ShardTaskCoder().encode(task))
    assert real_task / 2 <= coders.ShardTaskCoder().estimate_size(task) <= real_task * 2


def test_an_estimate_pickles_only_a_sample() -> None:
    """Items outside the sample are never pickled: here they could not be."""
    count = 1000
    step = count / SIZE_SAMPLE
    sampled = {int(i * step) for i in range(SIZE_SAMPLE)}
    items = Batch((f"{i:040d}" if i in sampled else (lambda: None)) for i in range(count))
    assert estimated_size(items) > count * 40 / 2
    with pytest.raises(Exception):
        coders.BatchCoder().encode(items)


def test_the_plan_encodes_its_batches_with_these_coders() -> None:
    """Built as the local runner builds it (no type-hint check), the plan's batches and tasks are
    encoded by BatchCoder, PackedCoder (where they cross a GroupByKey) and ShardTaskCoder, not
    pickled by Beam's default coder."""
    pipeline = beam.Pipeline(options=PipelineOptions(["--no_pipeline_type_check"]))
    plan_context = PlanContext(layout.SourceLayout(layout.IMAGE_FOLDERS, "text"), requests.parse_shards("2"))
    entries = pipeline | "Entries" >> beam.Create([Batch(_entries(3))])
    nothing = pipeline | "Nothing" >> beam.Create([])
    _ = entries | "Plan" >> Plan(plan_context, rejects=nothing, skipped=nothing, columns=nothing)
    proto, context = pipeline.to_runner_api(return_context=True)
    components = proto.components

    def coder_names(coder_id: str) -> set[str]:
        coder = components.coders[coder_id]
        names = {type(beam.coders.Coder.from_runner_api(coder, context)).__name__}
        for component in coder.component_coder_ids:
            names |= coder_names(component)
        return names

    by_name = {pc.unique_name: coder_names(pc.coder_id) for pc in components.pcollections.values()}
    (assigned,) = [name for name in by_name if "Plan/AssignSplits." in name]
    assert "BatchCoder" in by_name[assigned]
    for step in ("KeyByBucket", "GroupByBucket", "CutBuckets", "GroupPieces"):  # packed across the shuffles
        (name,) = [name for name in by_name if f"Plan/{step}." in name]
        assert "PackedCoder" in by_name[name], (name, by_name[name])
    (assembled,) = [name for name in by_name if "Plan/AssembleShards." in name]
    assert "ShardTaskCoder" in by_name[assembled]
