"""Reading one object of an object store (S3, GCS) as a seekable binary file, with ranged GETs only.

Beam's readers ask the store for an object's metadata before its first byte (S3: a HEAD;
GCS: a metadata GET on the first seek): with a probe of the header at planning and a read at
writing, a conversion cost four requests per input on S3, each tens of milliseconds and billed on
a real bucket. `ObjectReader` sends none: a read asks for the bytes it needs (at least
`chunk_bytes`, so a header probe is one request), `read_exactly`'s `read(size + 1)` is one
request, and the object's size comes from the first response's `Content-Range`.

Each store is one `Fetch`: (start, stop or None for the end) -> (bytes, the object's size where
the response says it). The S3 fetch pins the object's ETag from its first response, so an object
replaced between two requests of one read is refused (`ObjectChangedError`), not spliced. Store
errors become OSError, which the pipeline's stages report as the input's reject reason.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import Any

from shardify.errors import InvalidInputError

__all__ = ["ObjectReader", "ObjectChangedError", "Fetch", "s3_fetch", "gcs_fetch", "CHUNK_BYTES", "LATER_CHUNK_BYTES"]

# What a first read asks for at least: image headers fit (EXIF is at most 64 KB), so a probe is
# one request.
CHUNK_BYTES = 64 * 1024
# What later reads ask for at least: a reader that needed a second request is walking the object
# (an archive listed or read member by member), and Beam's own reader buffers 16 MB.
LATER_CHUNK_BYTES = 8 * 1024 * 1024

# (start, stop or None) -> (the bytes in [start, stop), the object's size or None where unknown).
Fetch = Callable[[int, "int | None"], "tuple[bytes, int | None]"]


class ObjectChangedError(InvalidInputError):
    """The object was replaced while it was being read."""


class ObjectReader(io.RawIOBase):
    """A read-only, seekable file over `fetch`, keeping the last window it fetched.

    Args:
      fetch: the store's ranged read (see `Fetch`).
      name: the object's URL, for messages.
      size: the object's size where the caller knows it (the listing did); else learnt from the
        first response, or from `fetch(0, None)` where a seek from the end needs it first.
      chunk_bytes: the least the first request asks the store for.
      later_chunk_bytes: the least each later request asks for.
    """

    def __init__(
        self,
        fetch: Fetch,
        name: str,
        *,
        size: int | None = None,
        chunk_bytes: int = CHUNK_BYTES,
        later_chunk_bytes: int = LATER_CHUNK_BYTES,
    ) -> None:
        super().__init__()
        self.name = name
        self._fetch = fetch
        self._size = size
        self._chunk = chunk_bytes
        self._later_chunk = later_chunk_bytes
        self._fetches = 0
        self._pos = 0
        self._window_start = 0
        self._window = b""

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        if whence == os.SEEK_SET:
            position = offset
        elif whence == os.SEEK_CUR:
            position = self._pos + offset
        elif whence == os.SEEK_END:
            position = self._known_size() + offset
        else:
            raise ValueError(f"whence={whence!r}")
        if position < 0:
            raise ValueError(f"negative seek position {position}")
        self._pos = position
        return position

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        wanted = len(view)
        if wanted == 0 or (self._size is not None and self._pos >= self._size):
            return 0
        offset = self._pos - self._window_start
        if not 0 <= offset < len(self._window):
            self._load(self._pos, self._pos + max(wanted, self._chunk))
            offset = 0
        part = self._window[offset : offset + wanted]
        view[: len(part)] = part
        self._pos += len(part)
        return len(part)

    def readall(self) -> bytes:
        """The rest of the object: one request, whatever its size."""
        offset = self._pos - self._window_start
        if 0 <= offset < len(self._window) and self._size is not None and self._window_start + len(self._window) >= self._size:
            data = self._window[offset:]
        else:
            data = self._load(self._pos, None)
        self._pos += len(data)
        return data

    def _load(self, start: int, stop: int | None) -> bytes:
        if stop is not None and self._fetches:
            stop = max(stop, start + self._later_chunk)
        self._fetches += 1
        data, size = self._fetch(start, stop)
        if size is not None:
            self._size = size
        self._window_start, self._window = start, data
        return data

    def _known_size(self) -> int:
        if self._size is None:
            self._load(0, self._chunk)
        if self._size is None:
            raise OSError(f"{self.name}: the store did not say the object's size")
        return self._size


def _content_range_size(header: str | None) -> int | None:
    """The total of a `Content-Range: bytes a-b/total` header, or None.

    >>> _content_range_size("bytes 0-99/1234")
    1234
    """
    if not header or "/" not in header:
        return None
    total = header.rsplit("/", 1)[1]
    return int(total) if total.isdigit() else None


def s3_fetch(client: Any, bucket: str, key: str) -> Fetch:
    """A `Fetch` of s3://bucket/key through a boto3 S3 client: one GET per call, no HEAD. The first
    response's ETag is required of the others (If-Match)."""
    from botocore.exceptions import BotoCoreError, ClientError

    etag: list[str] = []

    def fetch(start: int, stop: int | None) -> tuple[bytes, int | None]:
        if stop is not None and stop <= start:
            return b"", None
        arguments = {"Bucket": bucket, "Key": key, "Range": f"bytes={start}-{'' if stop is None else stop - 1}"}
        if etag:
            arguments["IfMatch"] = etag[0]
        try:
            response = client.get_object(**arguments)
            data = response["Body"].read()
        except ClientError as error:
            code = str(error.response.get("Error", {}).get("Code", ""))
            status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if code == "InvalidRange" or status == 416:  # at or past the end (an empty object too)
                return b"", (0 if start == 0 else None)
            if code in ("PreconditionFailed", "412") or status == 412:
                raise ObjectChangedError(f"s3://{bucket}/{key} changed while it was being read") from None
            if code in ("NoSuchKey", "404") or status == 404:
                raise FileNotFoundError(f"s3://{bucket}/{key}: no such object") from None
            raise OSError(f"s3://{bucket}/{key}: {code or status}: {error}") from None
        except BotoCoreError as error:
            raise OSError(f"s3://{bucket}/{key}: {error}") from None
        if not etag and response.get("ETag"):
            etag.append(response["ETag"])
        size = _content_range_size(response.get("ContentRange"))
        if size is None and start == 0 and stop is None:
            size = len(data)
        return data, size

    return fetch


def gcs_fetch(bucket: Any, blob_name: str, retry: Any = None) -> Fetch:
    """A `Fetch` of one GCS object through google-cloud-storage: one media GET per call, no
    metadata request. Its responses do not say the object's size; one that reaches the end does."""
    from google.api_core import exceptions

    blob = bucket.blob(blob_name)
    url = f"gs://{bucket.name}/{blob_name}"
    retries = {} if retry is None else {"retry": retry}  # None would turn the library's own retries off

    def fetch(start: int, stop: int | None) -> tuple[bytes, int | None]:
        if stop is not None and stop <= start:
            return b"", None
        try:
            data = blob.download_as_bytes(
                start=start, end=None if stop is None else stop - 1, checksum=None, raw_download=True, **retries
            )
        except exceptions.RequestRangeNotSatisfiable:
            return b"", (0 if start == 0 else None)
        except exceptions.NotFound:
            raise FileNotFoundError(f"{url}: no such object") from None
        except exceptions.GoogleAPIError as error:
            raise OSError(f"{url}: {error}") from None
        # A response shorter than asked for ends at the object's end.
        return data, (start + len(data) if stop is None or len(data) < stop - start else None)

    return fetch
