"""Beam's DaskRunner, with the four things the conversion needs that Beam 2.77's lacks.

Beam's runner (apache_beam/runners/dask) (1) hands every output of a multi-output step to every
consumer, because it keys bags by the producing step and drops the tags; (2) computes only the
last bag of the graph, so other branches never run; (3) reads a side input by computing its bag
inside the consuming task; (4) strips the windows that grouping needs after a GroupByKey. Here bags
are keyed by PCollection and filtered by tag, every leaf is computed, side inputs are task
dependencies that Dask computes first (sharing the main graph's tasks, so nothing runs twice), and
grouped values keep their windows. Create and Flatten keep Beam's own translations.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
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


class _BagsByPCollection(PipelineVisitor):
    def __init__(self, bag_kwargs: dict) -> None:
        self._bag_kwargs = bag_kwargs
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
    """`--runner dask`: Beam's DaskRunner with tags, every branch and side inputs as dependencies."""

    def run_pipeline(self, pipeline: Any, options: Any) -> beam_dask.DaskRunnerResult:
        import dask.distributed as ddist

        dask_options = options.view_as(beam_dask.DaskOptions).get_all_options(drop_default=True, current_only=True)
        bag_kwargs = beam_dask.DaskOptions._extract_bag_kwargs(dask_options)
        client = ddist.Client(**dask_options)
        pipeline.replace_all(beam_dask.dask_overrides())
        visitor = _BagsByPCollection(bag_kwargs)
        pipeline.visit(visitor)
        return beam_dask.DaskRunnerResult(client, client.compute(visitor.leaves()))
