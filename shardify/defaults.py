"""Defaults shared by the CLI and the library, importable without Pillow, Beam or TensorFlow."""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_PIXELS", "DEFAULT_MAX_REJECTS"]

# Pillow's own bomb threshold (about 179 MP, 1 GB of RGB pixels) before it warns; above this we
# reject, because the reader would have to hold the decoded image.
DEFAULT_MAX_PIXELS = 178_956_970

# A run that rejects more than this share of its inputs fails (the report is kept, no manifest):
# that many bad inputs usually means the wrong folder or layout, not a few broken files.
DEFAULT_MAX_REJECTS = "10%"
