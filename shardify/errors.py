"""Every error shardify raises on purpose, in one place.

Callers catch these by name; each message says what was found, what was expected and what to do.
Bad *input files* are not errors: they become rejects with a reason (see `shardify.plan.entries.Reject`).
"""

from __future__ import annotations

__all__ = [
    "ShardifyError",
    "SourceError",
    "OutputError",
    "ManifestError",
    "CorruptShardError",
    "InvalidInputError",
    "RejectLimitError",
    "RunnerError",
    "UsageError",
    "DoubtedGuess",
    "UndecidedSplitCodes",
    "ReadOptionError",
    "reject_reason",
]


class ShardifyError(Exception):
    """Base class: the CLI turns any of these into a one-line message and exit code 1."""


class UsageError(ShardifyError):
    """Options that cannot work together, or with this source and output (OUT inside SRC's
    parent chain, --split over split folders, ...): found before any work; the CLI exits 2."""


class DoubtedGuess(UsageError):
    """Detection guessed how to read SRC and then saw a sign that the guess is wrong
    (`shardify.plan.guards`): the run stops like any usage error (exit 2), and the guess (a
    `SourceLayout`) travels with it, so that `--dry-run --layout-file FILE` writes it for the user
    to mend instead of leaving them to rebuild it from options."""

    def __init__(self, message: str, guess: object) -> None:
        super().__init__(message)
        self.guess = guess


class UndecidedSplitCodes(UsageError):
    """A table's column named as its splits holds codes no split word reads (`split` of A/B): their meaning
    is the user's to give. `path` names the table, so that a caller holding a guess over it stops with the
    guess (`DoubtedGuess`) for a layout file to mend."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


class ReadOptionError(UsageError, ValueError):
    """A reading option that cannot work, alone or with this output (`fit="pad"` without
    `image_size`, `as_supervised` on unlabelled data, ...). A ValueError too: `shardify.load`
    raised ValueError for these before the readers shared their options."""


class SourceError(ShardifyError):
    """The source folder cannot be converted as a whole (missing, empty, no class folders)."""


class OutputError(ShardifyError):
    """The output folder cannot be written safely (holds foreign files, not writable)."""


class ManifestError(ShardifyError):
    """A manifest is missing, unreadable, or of a version this shardify does not know."""


class CorruptShardError(ShardifyError):
    """A shard's bytes do not match its framing CRCs, its manifest checksum or its schema."""

    def __init__(self, path: str, message: str | None = None, record_index: int | None = None) -> None:
        # With the message alone (`CorruptShardError(text)`), `path` is the whole text: PyTorch's
        # DataLoader re-raises a worker's error in the main process as `type(error)(text)`, and
        # would otherwise turn it into a RuntimeError.
        where = f"{path}" if record_index is None else f"{path}, record {record_index}"
        super().__init__(where if message is None else f"{where}: {message}")
        self.path = path
        self.record_index = record_index


class RejectLimitError(ShardifyError):
    """More inputs were rejected than `--max-rejects` allows; the rejects report is kept."""


class RunnerError(ShardifyError):
    """The Beam runner asked for cannot be made (unknown name, missing extra such as dask)."""


class InvalidInputError(ShardifyError):
    """One input file cannot become a record; carries the reason that goes to the rejects report."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def reject_reason(error: InvalidInputError | OSError) -> str:
    """What the rejects report says of an input that failed with `error`: an InvalidInputError's
    reason, or what the system said when it could not be read."""
    if isinstance(error, InvalidInputError):
        return error.reason
    return f"cannot read: {error}"
