"""One conversion at a time per output folder: a lock file in OUT that names its holder.

Two runs writing into one folder would each rename shards over the other's and each print a
summary of a mix. So a run takes `OUT/shardify.lock` before it touches anything else in OUT, holds
it to the end, and removes it when it finishes; a second run refuses at once, naming the first
(process id, host, start time).

Locally the lock is an `flock` on that file, which the kernel releases when the holder ends, however
it ends (`kill -9` included). A lock file whose lock is free was left by a run that died: the next
run takes it over and says so. On object stores (gs://, s3://) there is no flock and the file is
the lock: a run refuses while it exists, unless it names a process of this host that has ended
(stale, taken over); a lock left by a run on another host is removed by hand (the message names it).

The manifest is written only while the lock still holds this run's token (`check_held`), so even a
lock deleted by hand cannot make two runs both report success over one folder.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import json
import logging
import os
import socket
import uuid
from dataclasses import asdict, dataclass

from apache_beam.io.filesystem import CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.output.folder import open_output_file
from shardify.errors import InvalidInputError, OutputError
from shardify.format import naming
from shardify.inputs import json_input
from shardify.inputs.paths import is_local_path, join_path

__all__ = ["LockHolder", "OutputLock", "check_held"]

_LOG = logging.getLogger("shardify")
# A lock file is a few hundred bytes; anything larger is not ours and is not read whole.
_MAX_LOCK_BYTES = 4096
# Process ids are C ints (Linux's largest is 2^22); `os.kill` of a larger one raises OverflowError.
_MAX_PID = 2**31 - 1


@dataclass(frozen=True)
class LockHolder:
    """Who holds an output folder. Attributes: pid, host, started (ISO time), token (per run)."""

    pid: int
    host: str
    started: str
    token: str

    def describe(self) -> str:
        return f"process {self.pid} on {self.host}, started {self.started}"

    def to_text(self) -> str:
        return json.dumps(asdict(self)) + "\n"

    @classmethod
    def from_text(cls, text: bytes) -> LockHolder | None:
        """The holder a lock file names, or None when it names none (empty, damaged, foreign, or
        edited: nested past the parser, a pid of `1e400` or of 31 digits, which no process has)."""
        try:
            data = json_input.parse(text)
            holder = cls(int(data["pid"]), str(data["host"]), str(data["started"]), str(data["token"]))
        except (InvalidInputError, ValueError, TypeError, KeyError, OverflowError):
            return None
        return holder if 0 < holder.pid <= _MAX_PID else None

    def has_ended(self) -> bool:
        """True when this host runs no process with the holder's id (only knowable on its host)."""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False


def _read_holder(path: str) -> LockHolder | None:
    try:
        with open_output_file(path) as f:  # never a pipe's wait, nor a link
            return LockHolder.from_text(f.read(_MAX_LOCK_BYTES))
    except Exception:  # noqa: BLE001 - OSError, a pipe or a link, or Beam's wrapping of an error on object stores
        return None


def _busy(folder: str, holder: LockHolder | None, lock_path: str) -> OutputError:
    who = holder.describe() if holder else f"a process holding {lock_path}"
    return OutputError(
        f"another conversion is writing into {folder} ({who}); wait for it to finish or choose "
        "another output folder"
    )


def _same_file(fd: int, path: str) -> bool:
    """`path` still names the file open as `fd`."""
    try:
        on_disk, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)


def check_held(folder: str, token: str) -> None:
    """Raises OutputError unless OUT's lock still names the run with `token`.

    Called right before the manifest is written: a run whose lock was taken (deleted by hand and
    claimed by another run) must not declare the folder its own.
    """
    holder = _read_holder(join_path(folder, naming.LOCK_FILENAME))
    if holder is None or holder.token != token:
        taken = f"now held by {holder.describe()}" if holder else "no longer there"
        raise OutputError(f"the lock on {folder} was taken from this run ({taken}); it wrote no manifest")


class OutputLock:
    """Holds `folder`'s lock for a `with` block; `token` identifies this run.

    Raises (on entry):
      OutputError: another run holds it, or the folder cannot be created.
    """

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = join_path(folder, naming.LOCK_FILENAME)
        self.holder = LockHolder(
            pid=os.getpid(),
            host=socket.gethostname(),
            started=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            token=uuid.uuid4().hex,
        )
        self._fd: int | None = None

    @property
    def token(self) -> str:
        return self.holder.token

    def __enter__(self) -> OutputLock:
        if is_local_path(self.folder):
            self._acquire_local()
        else:
            self._acquire_remote()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                if self._still_ours():
                    os.unlink(self.path)
            os.close(self._fd)
            self._fd = None
        elif not is_local_path(self.folder):
            holder = _read_holder(self.path)
            if holder is not None and holder.token == self.token:
                FileSystems.delete([self.path])

    def _still_ours(self) -> bool:
        return self._fd is not None and _same_file(self._fd, self.path)

    def _acquire_local(self) -> None:
        """The lock file appears whole: it is written and flocked under a temporary name, then
        linked into place (which fails if a lock is there). A lock there whose flock is free was
        left by a run that died: it is flocked by the taker, checked to be still in place, and
        replaced by a rename, so two takers cannot both win.
        """
        temp = os.path.join(self.folder, naming.temp_filename(naming.LOCK_FILENAME, self.token[:12]))
        try:
            os.makedirs(self.folder, exist_ok=True)
            fd = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
            self._fd = fd
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.write(fd, self.holder.to_text().encode("utf-8"))
            while not self._claim(temp):
                pass
        except OutputError:
            self._release_fd(temp)
            raise
        except OSError as error:
            self._release_fd(temp)
            raise OutputError(f"cannot write into output folder {self.folder}: {error.strerror or error}") from None
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)

    def _claim(self, temp: str) -> bool:
        """Puts the lock file at `temp` in place; False to try again (the place changed meanwhile).

        Raises:
          OutputError: a live run holds the lock.
        """
        try:
            os.link(temp, self.path)
            return True
        except FileExistsError:
            pass
        try:
            there = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
        except FileNotFoundError:
            return False  # removed by its finishing holder: try to link again
        try:
            try:
                fcntl.flock(there, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise _busy(self.folder, LockHolder.from_text(os.pread(there, _MAX_LOCK_BYTES, 0)), self.path) from None
            if not _same_file(there, self.path):
                return False
            left = LockHolder.from_text(os.pread(there, _MAX_LOCK_BYTES, 0))
            os.rename(temp, self.path)
        finally:
            os.close(there)
        who = left.describe() if left else "a run"
        _LOG.warning("taking over the lock on %s left by %s, which ended without finishing", self.folder, who)
        return True

    def _release_fd(self, temp: str) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        with contextlib.suppress(OSError):
            os.unlink(temp)

    def _acquire_remote(self) -> None:
        if FileSystems.exists(self.path):
            holder = _read_holder(self.path)
            if holder is None or not holder.has_ended():
                raise OutputError(
                    f"{_busy(self.folder, holder, self.path)}; if no conversion is running there, delete {self.path}"
                )
            _LOG.warning("taking over the lock on %s left by %s, which ended without finishing", self.folder, holder.describe())
        try:
            with FileSystems.create(self.path, compression_type=CompressionTypes.UNCOMPRESSED) as out:
                out.write(self.holder.to_text().encode("utf-8"))
        except Exception as error:  # noqa: BLE001 - OSError or Beam's BeamIOError
            raise OutputError(f"cannot write into output folder {self.folder}: {error}") from None
        holder = _read_holder(self.path)
        if holder is None or holder.token != self.token:  # another run wrote its lock at the same moment
            raise _busy(self.folder, holder, self.path)
