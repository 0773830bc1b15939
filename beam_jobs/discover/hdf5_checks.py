"""The stop before writing where an HDF5 file's images or labels could be any of several of its
datasets: reading one would be a guess that writes the wrong arrays with exit 0.

Asked by detection once the arrays layout is detected (`detect._detect_folder`); a file that cannot
be read is left to discovery, which rejects it with its reason.
"""

from __future__ import annotations

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import hdf5_arrays
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_hdf5"]


def check_hdf5(config: ConvertConfig, sample: list[str]) -> None:
    """Stops before writing where an HDF5 file's images or labels could be any of several datasets
    (reading one would be a guess); a file that cannot be read is left to discovery, which rejects it.

    Raises:
      UsageError: names the file, the datasets, and how to settle it.
    """
    for path in sample:
        if layout.array_kind(path) != layout.HDF5:
            continue
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                found = hdf5_arrays.find_arrays(fileobj)
        except (OSError, InvalidInputError):
            continue
        if found.ambiguity:
            raise UsageError(
                f"{path}: {found.ambiguity}, and neither their shapes nor their names tell which: name the images "
                "x (or images) and the labels y (or labels), the others otherwise (h5py's File.move), or keep one "
                "image array and one label vector in the file"
            )
