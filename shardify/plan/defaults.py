"""Defaults shared by the CLI and the library, importable without Pillow, Beam or TensorFlow."""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_PIXELS", "DEFAULT_MAX_REJECTS", "VALIDATE_HEADER", "VALIDATE_FULL", "VALIDATION_LEVELS", "DEFAULT_VALIDATE"]

# Pillow's own bomb threshold (about 179 MP, 1 GB of RGB pixels) before it warns; above this we
# reject, because the reader would have to hold the decoded image.
DEFAULT_MAX_PIXELS = 178_956_970

# A run that rejects more than this share of its inputs fails (the report is kept, no manifest):
# that many bad inputs usually means the wrong folder or layout, not a few broken files.
DEFAULT_MAX_REJECTS = "10%"

# --validate levels. HEADER: header and structure (end markers, declared sizes) only. FULL: also
# decode the pixels, which is what catches damage inside the data: of 400 damaged copies of
# benchmark JPEGs and PNGs, Pillow's decode failed on exactly the files TensorFlow's did, while 213
# of them passed the header and structure checks (measured 2026-11-22). FULL keeps the promise that
# every stored image decodes in TensorFlow, so it is the default.
VALIDATE_HEADER, VALIDATE_FULL = "header", "full"
VALIDATION_LEVELS = (VALIDATE_HEADER, VALIDATE_FULL)
DEFAULT_VALIDATE = VALIDATE_FULL
