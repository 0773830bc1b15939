"""Beam's DaskRunner, with the four things the conversion needs that Beam 2.77's lacks.

Beam's runner (apache_beam/runners/dask) (1) hands every output of a multi-output step to every
consumer, because it keys bags by the producing step and drops the tags; (2) computes only the
last bag of the graph, so other branches never run; (3) reads a side input by computing its bag
inside the consuming task; (4) strips the windows that grouping needs after a GroupByKey. Here bags
are keyed by PCollection and filtered by tag, every leaf is computed, side inputs are task
dependencies that Dask computes first (sharing the main graph's tasks, so nothing runs twice), and
grouped values keep their windows. Create and Flatten keep Beam's own translations.

One more, for speed: Beam translates Reshuffle as nothing, so the step after it runs in the
partitions, and on the worker, where its input happened to be. Here a Reshuffle deals its elements
evenly over one partition per worker thread, handed to whichever worker is free (`_spread`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence, Sized
from typing import Any

import dask
import dask.bag as db
from apache_beam import pvalue
from apache_beam.pipeline import AppliedPTransform, PipelineVisitor
from apache_beam.runners.common import DoFnContext, DoFnInvoker, DoFnSignature, Receiver, _OutputHandler
from apache_beam.runners.dask import dask_runner as beam_dask
from apache_beam.runners.dask import overrides
from apache_beam.runners.dask import transform_evaluator as evaluator
from apache_beam.transforms import core
from apache_beam.transforms.sideinputs import SideInputMap
from dask._task_spec import Task, TaskRef
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph

__all__ = ["DaskRunner"]


class _Collect(Receiver):
    def __init__(self, tag: str | None, out: list) -> None:
        self._tag, self._out = tag, out

    def receive(self, windowed_value: Any) -> None:
        self._out.append((self._tag, windowed_value.value))


class _Receivers(dict):
    """One receiver per output tag (None: the main output), all appending (tag, value) to `out`."""

    def __init__(self, out: list) -> None:
        super().__init__()
        self._out = out

    def __missing__(self, tag: str | None) -> _Collect:
        receiver = self[tag] = _Collect(tag, self._out)
        return receiver


def _run_dofn(
    items: Iterable,
    transform: core.ParDo,
    label: str,
    window_fn: Any,
    side_specs: Sequence[tuple[type, Any]],
    *side_values: list,
) -> list[tuple[str | None, Any]]:
    """One Dask partition through the DoFn: (output tag, value) per output, tags kept."""
    out: list = []
    receivers = _Receivers(out)
    side_inputs = [
        SideInputMap(view, options, [evaluator.get_windowed_value(v, window_fn) for v in values])
        for (view, options), values in zip(side_specs, side_values)
    ]
    args, kwargs = transform.raw_side_inputs
    invoker = DoFnInvoker.create_invoker(
        DoFnSignature(transform.fn),
        _OutputHandler(
            window_fn=window_fn,
            main_receivers=receivers[None],
            tagged_receivers=receivers,
            per_element_output_counter=None,
            output_batch_converter=None,
            process_yields_batches=False,
            process_batch_yields_elements=False,
        ),
        context=DoFnContext(label, state=None),
        side_inputs=side_inputs,
        input_args=list(args),
        input_kwargs=kwargs,
        user_state_context=None,
        bundle_finalizer_param=core.DoFn.BundleFinalizerParam(),
    )
    invoker.invoke_setup()
    invoker.invoke_start_bundle()
    for item in items:
        invoker.invoke_process(evaluator.get_windowed_value(item, window_fn))
    invoker.invoke_finish_bundle()
    invoker.invoke_teardown()
    return out


def _with_tag(tag: str | None, tagged: tuple[str | None, Any]) -> bool:
    return tagged[0] == tag


def _value(tagged: tuple[str | None, Any]) -> Any:
    return tagged[1]


def _key(item: tuple) -> Any:
    return item[0]


def _key_and_values(group: tuple) -> tuple:
    key, items = group
    return key, [value for _, value in items]


def _concat(*partitions: list) -> list:
    return [value for partition in partitions for value in partition]


# Partitions a Reshuffle deals its elements into, per worker thread that the cluster has when the
# job is submitted. One: every thread gets an equal share at once. More would let Dask balance
# uneven elements or workers, but every later GroupByKey is a task shuffle whose tasks grow with the
# square of the partitions; measured on the 8,000-JPEG benchmark (16 shards, two single-threaded
# workers, compute only): 8.0-8.7 s at 1 per thread, 9.1-9.4 s at 2, 9.7-9.9 s at 4 (1,100 tasks
# against 220), 13.9 s at 8.
SPREAD_PARTITIONS_PER_THREAD = 1


def _count(partition: Sized) -> int:
    """len(): a bag's partitions between tasks are lists (Dask reifies each task's output), and an
    iterator here must fail loudly, not be used up before `_deal` reads it."""
    return len(partition)


def _starts(*lengths: int) -> list[int]:
    """The global index of each partition's first element: [0, len(p0), len(p0) + len(p1), ...]."""
    return list(itertools.accumulate(lengths, initial=0))[:-1]


def _deal(starts: list[int], partition_index: int, num_pieces: int, partition: Iterable) -> list[list]:
    """One input partition dealt into `num_pieces` lists by the global index of each element
    (index mod `num_pieces`), so that the pieces of all partitions together are even, however
    uneven the partitions."""
    pieces: list[list] = [[] for _ in range(num_pieces)]
    for index, item in enumerate(partition, start=starts[partition_index]):
        pieces[index % num_pieces].append(item)
    return pieces


def _gather_piece(piece: int, *dealt: list[list]) -> list:
    """Output partition `piece` of a spread: that piece of every dealt input partition."""
    return [item for pieces in dealt for item in pieces[piece]]


def _spread(bag: db.Bag, num_partitions: int) -> db.Bag:
    """Beam's Reshuffle: the same elements, dealt evenly over `num_partitions` partitions, each
    run wherever a worker is free rather than where the input lies.

    Beam's DaskRunner translates Reshuffle as nothing, so a bag keeps the partitions it came in and
    Dask runs each task beside its input: on the 8,000-JPEG benchmark the 16 shard tasks left the
    plan in two partitions (9 and 7 shards) on one worker, which began writing both while the
    other worker waited until it stole one, 1.3-1.9 s later (and a Reshuffle after a one-partition
    Create stayed on one worker throughout). Here every element gets a global index (from the
    lengths of the partitions before its own) and goes to partition index mod `num_partitions`, so
    the output is even however skewed the input.

    The output tasks are marked as data producers (`_data_producer`, dask >= 2025.1; Dask's own
    readers set it): the scheduler then queues them and hands each to the least busy worker
    instead of placing all of them beside their input, which is what a Reshuffle asks for. Dask's
    bag optimizer keeps the mark only where it fuses the task with its consumer (its `lazify`
    rebuilds unfused tasks without it, dask 2026.8), that is where the next step has no side
    input; otherwise Dask places the consumer by where its inputs lie (the spread piece and the side
    inputs, often on different workers) and balances by stealing. Measured with
    `Create(range(4)) | Reshuffle() | Map(sleep 0.3 s)` on two single-threaded workers, six runs:
    marked, 2 and 2 elements per worker every time (0.84 s); unmarked, all 4 on one worker in 3.

    The graph: a count per input partition, one task for the starts, a deal per input partition
    and one task per output partition, which takes its piece from every deal. A worker fetches each
    deal once, so at most the input's bytes times the workers cross the network (in the
    conversion, metadata only: shard tasks and batches of input paths).
    """
    token = tokenize(bag.name, num_partitions)
    count, starts, deal, name = (f"{step}-{token}" for step in ("spread-count", "spread-starts", "spread-deal", "spread"))
    inputs = [TaskRef(key) for key in bag.__dask_keys__()]
    layer: dict[Any, Task] = {}
    for index, partition in enumerate(inputs):
        layer[(count, index)] = Task((count, index), _count, partition)
    layer[starts] = Task(starts, _starts, *(TaskRef((count, index)) for index in range(len(inputs))))
    for index, partition in enumerate(inputs):
        layer[(deal, index)] = Task((deal, index), _deal, TaskRef(starts), index, num_partitions, partition)
    dealt = [TaskRef((deal, index)) for index in range(len(inputs))]
    for piece in range(num_partitions):
        layer[(name, piece)] = Task((name, piece), _gather_piece, piece, *dealt, _data_producer=True)
    graph = HighLevelGraph.from_collections(name, layer, dependencies=[bag])
    return db.Bag(graph, name, num_partitions)


class _BagsByPCollection(PipelineVisitor):
    def __init__(self, bag_kwargs: dict, spread_partitions: int) -> None:
        """`spread_partitions`: how many partitions a Reshuffle deals its elements into (0: none,
        the bag stays as it came, as in Beam's translation)."""
        self._bag_kwargs = bag_kwargs
        self._spread_partitions = spread_partitions
        self.bags: dict[Any, db.Bag] = {}
        self.consumed: set = set()

    def visit_transform(self, node: AppliedPTransform) -> None:
        inputs = [self.bags[pc] for pc in node.inputs if not isinstance(pc, pvalue.PBegin)]
        self.consumed.update(node.inputs)
        self.consumed.update(si.pvalue for si in node.side_inputs)
        transform = node.transform
        if isinstance(transform, core.ParDo):
            tagged = self._par_do(node, inputs[0])
            for tag, pcoll in node.outputs.items():  # the main output's tag is None on both sides
                self.bags[pcoll] = tagged.filter(functools.partial(_with_tag, tag)).map(_value)
            return
        if isinstance(transform, overrides._GroupByKeyOnly):
            # Beam's translation unwraps the values' windows, which the next step needs.
            out = inputs[0].groupby(_key).map(_key_and_values)
        elif isinstance(transform, overrides._Reshuffle) and self._spread_partitions:
            out = _spread(inputs[0], self._spread_partitions)
        else:
            op = evaluator.TRANSLATIONS.get(transform.__class__, evaluator.NoOp)(node, bag_kwargs=self._bag_kwargs)
            out = op.apply(input_bag=inputs if isinstance(op, evaluator.Flatten) else (inputs[0] if inputs else None))
        for pcoll in node.outputs.values():
            self.bags[pcoll] = out

    def _par_do(self, node: AppliedPTransform, input_bag: db.Bag) -> db.Bag:
        main = next(iter(node.main_inputs.values()))
        window_fn = main.windowing.windowfn if hasattr(main, "windowing") else None
        side_specs, side_values = [], []
        for side in node.side_inputs:
            side_specs.append((type(side), side._view_options()))
            # Unoptimized, so that the side input's tasks keep the keys the main graph gives them and
            # run once. Optimizing fuses its upstream into new keys: everything a side input depends
            # on then ran again for it (measured on the 8,000-JPEG benchmark: every shard written
            # twice and the image headers read three times, 18-23 s against 8.5 s).
            partitions = self.bags[side.pvalue].to_delayed(optimize_graph=False)
            side_values.append(dask.delayed(_concat)(*partitions))
        return input_bag.map_partitions(_run_dofn, node.transform, node.full_label, window_fn, side_specs, *side_values)

    def leaves(self) -> list[db.Bag]:
        """Bags no step consumes: computing them all runs every branch (and shared steps once)."""
        return [bag for pcoll, bag in self.bags.items() if pcoll not in self.consumed]


class DaskRunner(beam_dask.DaskRunner):
    """`--runner dask`: Beam's DaskRunner with tags, every branch, side inputs as dependencies and
    Reshuffles that spread over the workers."""

    def run_pipeline(self, pipeline: Any, options: Any) -> beam_dask.DaskRunnerResult:
        import dask.distributed as ddist

        dask_options = options.view_as(beam_dask.DaskOptions).get_all_options(drop_default=True, current_only=True)
        bag_kwargs = beam_dask.DaskOptions._extract_bag_kwargs(dask_options)
        client = ddist.Client(**dask_options)
        pipeline.replace_all(beam_dask.dask_overrides())
        # The workers there now: with none yet (an adaptive cluster), Reshuffles leave bags as they are.
        threads = sum(client.nthreads().values())
        visitor = _BagsByPCollection(bag_kwargs, spread_partitions=SPREAD_PARTITIONS_PER_THREAD * threads)
        pipeline.visit(visitor)
        return beam_dask.DaskRunnerResult(client, client.compute(visitor.leaves()))
