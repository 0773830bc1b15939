"""YAML read from untrusted files (layout files, dataset cards) without YAML's silent choice: a
mapping that gives a key twice keeps the last value unsaid (`layout:` twice ran with one of them;
a card's `configs:` twice split every file as the second said). No Beam, no TensorFlow.
"""

from __future__ import annotations

__all__ = ["RepeatedKey", "load_noting_repeats", "unique_keys_loader"]


class RepeatedKey(Exception):
    """A mapping gives one key twice (YAML keeps the last value, unsaid)."""

    def __init__(self, key: object, line: int) -> None:
        super().__init__(key, line)
        self.key, self.line = key, line


_LOADERS: dict[bool, type] = {}


def unique_keys_loader(*, note: bool = False) -> type:
    """yaml.SafeLoader raising RepeatedKey at a mapping that gives a key twice, or (`note`) listing
    each in the loader's `repeated` and keeping YAML's reading. Merge keys (`<<`) may be
    overridden, as YAML allows."""
    if note not in _LOADERS:
        import yaml

        class UniqueKeys(yaml.SafeLoader):
            def construct_mapping(self, node, deep=False):  # noqa: ANN001, ANN202, FBT002 - yaml's signature
                seen = set()
                for key_node, _ in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(key_node, deep=True)
                    try:
                        repeated = key in seen
                    except TypeError:  # unhashable: the base constructor says so
                        continue
                    if repeated and not note:
                        raise RepeatedKey(key, key_node.start_mark.line + 1)
                    if repeated:
                        self.repeated.append(RepeatedKey(key, key_node.start_mark.line + 1))
                    seen.add(key)
                return super().construct_mapping(node, deep)

        _LOADERS[note] = UniqueKeys
    return _LOADERS[note]


def load_noting_repeats(text: str) -> tuple[object, list[RepeatedKey]]:
    """(the YAML value of `text` as yaml.safe_load reads it, every key a mapping gave twice).

    Raises:
      yaml.YAMLError, RecursionError: as yaml.safe_load.
    """
    loader = unique_keys_loader(note=True)(text)
    loader.repeated = []
    try:
        return loader.get_single_data(), loader.repeated
    finally:
        loader.dispose()
