"""SRC's data files all records in blocks of lines (`converters.line_blocks`), wherever they lie.

SemEval-2010 Task 8's download holds SemEval2010_task8_training/TRAIN_FILE.TXT and
SemEval2010_task8_testing_keys/TEST_FILE_FULL.TXT beside a README.txt: no table at SRC's top, and
the run stopped ("holds no images or texts"). Where every file but documentation is a .txt whose
first blocks have the one shape of `line_blocks`, SRC is read as tables (each file split by its
name, as tables are); anything else beside them leaves detection as it was.
"""

from __future__ import annotations

from shardify.beam_jobs.discover.label_file_found import HEAD_BYTES, head_lines
from shardify.beam_jobs.discover.listing import list_file
from shardify.config import ConvertConfig
from shardify.converters import line_blocks
from shardify.plan import layout

__all__ = ["block_files"]

_MAX_FILES = 20
_HEAD_LINES = 60


def block_files(config: ConvertConfig, sample: list[str]) -> list[str]:
    """The .txt files of SRC that are blocks of records, where they are all its data; else []."""
    data = [p for p in sample if not layout.is_junk(p) and layout.stem(p).lower() not in layout.TABLE_DOCUMENT_NAMES]
    if not data or len(data) > _MAX_FILES or any(layout.extension(p) != "txt" for p in data):
        return []
    for path in data:
        head = head_lines(config, path, lines=_HEAD_LINES)
        # (the head is all of the file only where it is fewer lines than asked and fewer bytes than
        # read: a line of megabytes in the fifth block cuts the head inside that block, which is no shape)
        listed = list_file(config.source, path)
        whole = len(head) < _HEAD_LINES and getattr(listed, "size", HEAD_BYTES) < HEAD_BYTES
        if not line_blocks.looks_like_blocks(head, whole=whole):
            return []
    return sorted(data)
