"""`tf.train.Example` wire format, encoded and decoded without TensorFlow or generated classes.

Why not protobuf's generated classes: TensorFlow registers `tensorflow.Example` in protobuf's
default descriptor pool, so a second registration by us would clash in any process that later
imports TensorFlow; and a hand-written encoder writes map entries in sorted key order (byte-identical
output for equal input) and copies each payload once. The tests parse our bytes with TensorFlow.

Schema (tensorflow/core/example/{example,feature}.proto):
  Example  { Features features = 1; }
  Features { map<string, Feature> feature = 1; }     # entry: { string key = 1; Feature value = 2; }
  Feature  { oneof { BytesList bytes_list = 1; FloatList float_list = 2; Int64List int64_list = 3; } }
  BytesList { repeated bytes value = 1; }  FloatList { repeated float value = 1 [packed]; }
  Int64List { repeated int64 value = 1 [packed]; }
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence

__all__ = ["BYTES", "FLOAT", "INT64", "encode_example", "decode_example"]

# Kind names double as the dtype names written to the manifest's feature spec.
BYTES = "string"
FLOAT = "float32"
INT64 = "int64"
_KIND_FIELD = {BYTES: 1, FLOAT: 2, INT64: 3}
_FIELD_KIND = {field: kind for kind, field in _KIND_FIELD.items()}
_LEN_DELIMITED = 2
_UINT64_RANGE = 1 << 64

Value = bytes | int | float
Values = Sequence[bytes] | Sequence[int] | Sequence[float]


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _tag(field: int) -> bytes:
    return _varint((field << 3) | _LEN_DELIMITED)


def _len_prefixed(field: int, parts: list[bytes]) -> list[bytes]:
    size = sum(len(p) for p in parts)
    return [_tag(field), _varint(size), *parts]


def _feature_parts(kind: str, values: Values) -> list[bytes]:
    if kind == BYTES:
        inner: list[bytes] = []
        for value in values:
            inner += [_tag(1), _varint(len(value)), value]  # type: ignore[arg-type]
    elif kind == INT64:
        packed = b"".join(_varint(v % _UINT64_RANGE) for v in values)  # type: ignore[operator]
        inner = _len_prefixed(1, [packed]) if values else []
    elif kind == FLOAT:
        packed = struct.pack(f"<{len(values)}f", *values)
        inner = _len_prefixed(1, [packed]) if values else []
    else:
        raise ValueError(f"unknown feature kind {kind!r}; expected one of {sorted(_KIND_FIELD)}")
    return _len_prefixed(_KIND_FIELD[kind], inner)


def encode_example(features: Mapping[str, tuple[str, Values]]) -> bytes:
    """Serializes `{key: (kind, [values])}` as a `tf.train.Example`, keys in sorted order.

    >>> encode_example({"x": (INT64, [1])}) == bytes.fromhex("0a0c0a0a0a017812051a030a0101")
    True
    """
    entries: list[bytes] = []
    for key in sorted(features):
        kind, values = features[key]
        key_bytes = key.encode("utf-8")
        entry = [_tag(1), _varint(len(key_bytes)), key_bytes, *_len_prefixed(2, _feature_parts(kind, values))]
        entries += _len_prefixed(1, entry)
    return b"".join(_len_prefixed(1, entries))


def _read_varint(buf: memoryview, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint longer than 10 bytes")


def _fields(buf: memoryview) -> list[tuple[int, memoryview]]:
    """(field number, payload) of every length-delimited field; other wire types are an error."""
    out, pos = [], 0
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        if key & 7 != _LEN_DELIMITED:
            raise ValueError(f"unexpected wire type {key & 7} for field {key >> 3}")
        size, pos = _read_varint(buf, pos)
        if pos + size > len(buf):
            raise ValueError("field runs past the end of the message")
        out.append((key >> 3, buf[pos : pos + size]))
        pos += size
    return out


def _decode_values(kind: str, payload: memoryview) -> list[Value]:
    values: list[Value] = []
    for field, data in _fields(payload):
        if field != 1:
            continue
        if kind == BYTES:
            values.append(bytes(data))
        elif kind == INT64:
            pos = 0
            while pos < len(data):
                raw, pos = _read_varint(data, pos)
                values.append(raw - _UINT64_RANGE if raw >= 1 << 63 else raw)
        else:
            if len(data) % 4:
                raise ValueError("packed floats not a multiple of 4 bytes")
            values.extend(struct.unpack(f"<{len(data) // 4}f", data))
    return values


def decode_example(data: bytes) -> dict[str, tuple[str, list[Value]]]:
    """Inverse of `encode_example` (packed encodings only, as TensorFlow writes them).

    Raises:
      ValueError: the bytes are not a well-formed Example.
    """
    out: dict[str, tuple[str, list[Value]]] = {}
    for field, features in _fields(memoryview(data)):
        if field != 1:
            continue
        for entry_field, entry in _fields(features):
            if entry_field != 1:
                continue
            key, kind, values = None, None, []
            for part_field, part in _fields(entry):
                if part_field == 1:
                    key = bytes(part).decode("utf-8")
                elif part_field == 2:
                    for kind_field, payload in _fields(part):
                        if kind_field not in _FIELD_KIND:
                            raise ValueError(f"unknown Feature kind field {kind_field}")
                        kind = _FIELD_KIND[kind_field]
                        values = _decode_values(kind, payload)
            if key is None or kind is None:
                raise ValueError("feature map entry without a key or a value")
            out[key] = (kind, values)
    return out
