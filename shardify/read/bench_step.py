"""The training step `shardify bench` checks a pipeline against, without TensorFlow: a step's time
or an accelerator's rate, and a small table of measured rates by model and accelerator. Checked
before TensorFlow is imported, so that a bad value is refused at once, in one line."""

from __future__ import annotations

from dataclasses import dataclass

from shardify.errors import ReadOptionError, UsageError

__all__ = ["ACCELERATOR_RATES", "TrainingStep", "accelerator_rate_of"]

# Images/s one accelerator trains at, for --model/--accelerator: data, not code. Sources: the
# issue tracker's published figure for ResNet-50 on an A100 (mixed precision), and
# benchmarks/gpu_train.py's synthetic ceiling on an H200 (bf16 autocast, batch 256, 2026-11-26).
ACCELERATOR_RATES: dict[tuple[str, str], float] = {
    ("resnet50", "a100"): 2400.0,
    ("resnet50", "h200"): 4685.0,
}


def accelerator_rate_of(model: str | None, accelerator: str | None) -> float:
    """Records/s one `accelerator` trains `model` at, from ACCELERATOR_RATES.

    Raises:
      UsageError: one of the two is missing, or the pair is not in the table (the message lists it).
    """
    known = ", ".join(f"{m} on {a}" for m, a in sorted(ACCELERATOR_RATES))
    key = ((model or "").lower(), (accelerator or "").lower())
    if key not in ACCELERATOR_RATES:
        raise UsageError(
            f"no training rate known for model {model!r} on accelerator {accelerator!r} (known: {known}); "
            "give --accelerator-rate or --step-ms instead"
        )
    return ACCELERATOR_RATES[key]


@dataclass(frozen=True)
class TrainingStep:
    """A training step the input must keep up with: its time for `batch` records, or the rate of
    one accelerator (records/s); with `accelerators` of them on this host."""

    step_ms: float | None = None
    batch: int | None = None
    accelerator_rate: float | None = None
    accelerators: int = 1

    def __post_init__(self) -> None:
        if self.step_ms is not None and not (self.step_ms > 0 and self.batch):
            raise ReadOptionError("a step time needs a positive value and the batch size it trains")
        if self.accelerator_rate is not None and not self.accelerator_rate > 0:
            raise ReadOptionError(f"an accelerator rate must be positive, not {self.accelerator_rate}")
        if self.accelerators < 1:
            raise ReadOptionError(f"accelerators must be at least 1, not {self.accelerators}")

    @property
    def rate(self) -> float | None:
        """Records/s all the accelerators train at."""
        if self.accelerator_rate is not None:
            return self.accelerator_rate * self.accelerators
        if self.step_ms is not None and self.batch:
            return self.batch / (self.step_ms / 1000) * self.accelerators
        return None


