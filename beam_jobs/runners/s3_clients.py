"""Beam's S3 file system with one boto3 client per process and set of client arguments, instead of
one per call.

Beam's S3FileSystem makes a new `S3IO`, so a new boto3 session and client, for every call (open,
create, exists, size, match, rename, delete), and each new client loads botocore's service model
anew: ~0.1 s of CPU. An S3-to-S3 conversion of the 72 sample images into 4 shards made 89 of them
(cProfile: 30 of the run's 44 s). The inputs themselves are read through one client per process
already (`beam_jobs/open_inputs.py`); this is for the calls that stay Beam's (listing, the shards,
the result files and reports, the manifest).

Beam's wrapper (`boto3_client.Client`) keeps a streamed download's state on itself, so every call
still gets a wrapper of its own; only the boto3 client under it is shared, which boto3 documents as
safe to use from several threads (its sessions are not: clients are made under a lock). A client
is kept per process (a forked child makes its own) and per the arguments Beam gives it (endpoint,
region, credentials, ...): options that differ get clients that differ.
"""

from __future__ import annotations

import os
import threading
from typing import Any

__all__ = ["share_s3_clients"]

_LOCK = threading.Lock()
_CLIENTS: dict[tuple, Any] = {}


def share_s3_clients() -> None:
    """Makes Beam's S3 file system share its boto3 clients (idempotent; nothing without boto3)."""
    try:
        from apache_beam.io.aws.clients.s3 import boto3_client
    except ImportError:
        return
    real = getattr(boto3_client, "boto3", None)
    if real is None or isinstance(real, _SharedBoto3):
        return
    boto3_client.boto3 = _SharedBoto3(real)


class _SharedBoto3:
    """boto3 as Beam's wrapper uses it (`boto3.session.Session().client(...)`), its clients shared."""

    def __init__(self, boto3: Any) -> None:
        self._boto3 = boto3
        self.session = self  # `boto3.session.Session()` is `self.Session()`

    def __getattr__(self, name: str) -> Any:
        return getattr(self._boto3, name)

    def Session(self) -> _Session:
        return _Session(self._boto3)


class _Session:
    def __init__(self, boto3: Any) -> None:
        self._boto3 = boto3

    def client(self, *args: Any, **kwargs: Any) -> Any:
        try:
            key = (os.getpid(), args, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:  # an argument that cannot be a key: a client of its own, as Beam makes it
            return self._boto3.session.Session().client(*args, **kwargs)
        with _LOCK:
            if key not in _CLIENTS:
                _CLIENTS[key] = self._boto3.session.Session().client(*args, **kwargs)
            return _CLIENTS[key]
