"""The extensions of media files (video, audio): data, read where a layout of tables meets them.

Images are `layout.IMAGE_EXTENSIONS`. A tables layout reads none of these: clips beside a text
dataset's tables (MELD's `train_splits/*.mp4`) are set aside, not failed tables
(`beam_jobs/discover/media_beside_tables.py`).
"""

from __future__ import annotations

__all__ = ["AV_EXTENSIONS"]

AV_EXTENSIONS = frozenset({
    "mp4", "avi", "mkv", "mov", "webm", "mpg", "mpeg", "m4v", "flv", "wmv", "3gp",
    "wav", "mp3", "flac", "ogg", "m4a", "aac", "opus", "wma", "aiff",
})
